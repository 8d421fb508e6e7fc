import { CHUNK_LOAD_TIMEOUT_MS } from '@ilson/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, withChunkTimeout } from './lazy';

afterEach(() => {
  vi.useRealTimers();
});

describe('withChunkTimeout (docs/wire.md#errors-and-validation: chunk-load error after 120 s)', () => {
  it('rejects with a chunk-load error when the chunk has not arrived after 120 s', async () => {
    vi.useFakeTimers();
    const load = withChunkTimeout(() => new Promise<never>(() => {}));
    const result = load();
    const settled = vi.fn();
    result.catch(settled);

    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('resolves with the module when it arrives in time', async () => {
    const module = { default: () => null };
    await expect(withChunkTimeout(async () => module)()).resolves.toBe(module);
  });

  it('turns a failed import into a chunk-load error', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await withChunkTimeout(() => Promise.reject(cause))().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).cause).toBe(cause);
  });
});

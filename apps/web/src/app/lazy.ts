import { CHUNK_LOAD_TIMEOUT_MS } from '@ilson/contracts';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** docs/wire.md#errors-and-validation: a page chunk that has not arrived after the timeout counts as failed. */
export function withChunkTimeout<T>(
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new ChunkLoadError(`Chunk not loaded after ${timeoutMs} ms`)),
        timeoutMs,
      );
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(new ChunkLoadError('Chunk failed to load', { cause: error }));
        },
      );
    });
}

// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own signature accepts any component props.
export type LazyPage<T extends ComponentType<any>> = LazyExoticComponent<T> & { preload(): Promise<unknown> };

/** React.lazy with the chunk timeout, plus `preload()` to fetch the chunk before it renders. */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own signature accepts any component props.
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): LazyPage<T> {
  let loading: Promise<{ default: T }> | undefined;
  const loadOnce = () => {
    loading ??= withChunkTimeout(load)();
    return loading;
  };
  return Object.assign(lazy(loadOnce), { preload: loadOnce });
}

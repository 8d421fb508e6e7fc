import { POSTCODE_SERVICE } from '@ilson/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPostcode } from './postcode-loader';

type Daum = { Postcode?: unknown; postcode?: { load?(ready: () => void): void } };
const global = window as unknown as { daum?: Daum };

// The script is caught before it reaches the page, so no test asks the network for it.
let scripts: HTMLScriptElement[];
beforeEach(() => {
  scripts = [];
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
    scripts.push(node as unknown as HTMLScriptElement);
    return node;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  delete global.daum;
});

describe('loadPostcode', () => {
  it('adds the service script once, and hands back its constructor when the service is ready', async () => {
    const first = loadPostcode();
    const second = loadPostcode();
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toContain(POSTCODE_SERVICE.scriptUrl);
    class Postcode {}
    global.daum = {
      postcode: {
        load(ready) {
          global.daum!.Postcode = Postcode;
          ready();
        },
      },
    };
    scripts[0]!.onload?.(new Event('load'));
    await expect(first).resolves.toBe(Postcode);
    await expect(second).resolves.toBe(Postcode);
    // Loaded: later clicks take it at once.
    await expect(loadPostcode()).resolves.toBe(Postcode);
    expect(scripts).toHaveLength(1);
  });

  it('fails when the script cannot be fetched, and tries again on the next call', async () => {
    const attempt = loadPostcode();
    scripts[0]!.onerror?.(new Event('error'));
    await expect(attempt).rejects.toThrow();
    const again = loadPostcode();
    expect(scripts).toHaveLength(2);
    scripts[1]!.onerror?.(new Event('error'));
    await expect(again).rejects.toThrow();
  });

  it('fails when the service does not answer in time', async () => {
    vi.useFakeTimers();
    const attempt = loadPostcode(1_000);
    const outcome = expect(attempt).rejects.toThrow(/timed out/);
    await vi.advanceTimersByTimeAsync(1_000);
    await outcome;
  });
});

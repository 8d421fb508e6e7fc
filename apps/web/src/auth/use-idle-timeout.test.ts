import { act, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readLastActivity, recordActivity } from './idle-activity';
import { ACTIVITY_THROTTLE_MS, useIdleTimeout } from './use-idle-timeout';

const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-03-01T09:00:00+09:00') });
});
afterEach(() => {
  vi.useRealTimers();
});

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function setup(timeoutMs = 10 * MINUTE) {
  const onTimeout = vi.fn();
  const view = renderHook((props: { timeoutMs: number }) => useIdleTimeout({ ...props, onTimeout }), {
    initialProps: { timeoutMs },
  });
  return { onTimeout, view };
}

describe('useIdleTimeout', () => {
  it('warns a minute before, counts down, then times out once', () => {
    const { onTimeout, view } = setup();
    expect(view.result.current.warning).toBe(false);

    advance(9 * MINUTE - 1_000);
    expect(view.result.current.warning).toBe(false);
    advance(1_000);
    expect(view.result.current).toMatchObject({ warning: true, secondsLeft: 60 });
    advance(15_000);
    expect(view.result.current.secondsLeft).toBe(45);
    expect(onTimeout).not.toHaveBeenCalled();

    advance(45_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(view.result.current.warning).toBe(false);
    advance(5 * MINUTE);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('is kept alive by pointer, key, wheel and scroll activity, written down at most every few seconds', () => {
    const { onTimeout, view } = setup();
    const start = Date.now();
    advance(8 * MINUTE);
    fireEvent.pointerMove(window);
    expect(readLastActivity()).toBe(start + 8 * MINUTE);
    advance(ACTIVITY_THROTTLE_MS - 1_000);
    fireEvent.keyDown(window, { key: 'a' });
    // Throttled: the stored time stays.
    expect(readLastActivity()).toBe(start + 8 * MINUTE);

    advance(8 * MINUTE);
    fireEvent.wheel(window);
    advance(8 * MINUTE);
    fireEvent.scroll(document);
    advance(8 * MINUTE);
    expect(view.result.current.warning).toBe(false);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('ignores stray activity during the warning; 계속 사용 (stayActive) starts the time again', () => {
    const { onTimeout, view } = setup();
    advance(9 * MINUTE + 30_000);
    expect(view.result.current.warning).toBe(true);
    fireEvent.pointerMove(window);
    advance(1_000);
    expect(view.result.current.warning).toBe(true);

    act(() => view.result.current.stayActive());
    expect(view.result.current.warning).toBe(false);
    advance(9 * MINUTE - 1_000);
    expect(view.result.current.warning).toBe(false);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('shares activity across tabs: another tab writing it ends the warning here', () => {
    const { onTimeout, view } = setup();
    advance(9 * MINUTE + 10_000);
    expect(view.result.current.warning).toBe(true);

    // What another tab's activity leaves in localStorage, announced by the browser's storage event.
    act(() => {
      recordActivity(Date.now());
      window.dispatchEvent(new StorageEvent('storage', { key: 'lastActivityAt' }));
    });
    expect(view.result.current.warning).toBe(false);
    advance(9 * MINUTE);
    expect(onTimeout).not.toHaveBeenCalled();
    advance(MINUTE);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('ends a session idle for longer than the timeout as soon as it is opened again', () => {
    recordActivity(Date.now() - 11 * MINUTE);
    const { onTimeout } = setup();
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('follows a timeout that changes (the settings arrive after the default)', () => {
    const { onTimeout, view } = setup(30 * MINUTE);
    advance(6 * MINUTE);
    expect(onTimeout).not.toHaveBeenCalled();
    view.rerender({ timeoutMs: 5 * MINUTE });
    advance(1_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('checks the time when the tab becomes visible again, before counting the return as activity', () => {
    const { onTimeout } = setup();
    // A sleeping laptop: no timer ran, but the clock moved on.
    vi.setSystemTime(Date.now() + 20 * MINUTE);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });
});

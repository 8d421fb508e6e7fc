import { useCallback, useEffect, useRef, useState } from 'react';
import { isActivityKey, readLastActivity, recordActivity } from './idle-activity';

/** The warning shows this long before the idle logout. */
export const IDLE_WARNING_MS = 60_000;
/** Activity is written down at most this often (pointer moves arrive many times a second). */
export const ACTIVITY_THROTTLE_MS = 5_000;
const TICK_MS = 1_000;
const WINDOW_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart'] as const;
const LISTENER = { passive: true, capture: true } as const;

export type IdleState = { warning: false; secondsLeft: null } | { warning: true; secondsLeft: number };
const ACTIVE: IdleState = { warning: false, secondsLeft: null };

type IdleOptions = {
  timeoutMs: number;
  warningMs?: number;
  onTimeout: () => void;
  /** Activity was written down (`explicit`: 계속 사용). */
  onActivity?: (explicit: boolean) => void;
};

/**
 * Counts the time since the user last did something — in this tab or any other, through localStorage —
 * and calls `onTimeout` once it reaches `timeoutMs`. In the last `warningMs` it reports a countdown; then
 * only `stayActive` (or activity in another tab) keeps the session, so a stray mouse move does not.
 * Time is read from the clock on every tick, so a tab whose timers were throttled or slept still ends on time.
 */
export function useIdleTimeout({
  timeoutMs,
  warningMs = IDLE_WARNING_MS,
  onTimeout,
  onActivity,
}: IdleOptions) {
  const [state, setState] = useState<IdleState>(ACTIVE);
  const config = useRef({ timeoutMs, warningMs, onTimeout, onActivity });
  const lastActivity = useRef(0);
  const warning = useRef(false);
  const fired = useRef(false);

  useEffect(() => {
    config.current = { timeoutMs, warningMs, onTimeout, onActivity };
  }, [timeoutMs, warningMs, onTimeout, onActivity]);

  const tick = useCallback(() => {
    if (fired.current) return;
    const stored = readLastActivity();
    if (stored !== null && stored > lastActivity.current) lastActivity.current = stored;
    const left = lastActivity.current + config.current.timeoutMs - Date.now();
    if (left <= 0) {
      fired.current = true;
      warning.current = false;
      setState(ACTIVE);
      config.current.onTimeout();
    } else if (left <= config.current.warningMs) {
      warning.current = true;
      const secondsLeft = Math.ceil(left / 1000);
      setState((prev) => (prev.secondsLeft === secondsLeft ? prev : { warning: true, secondsLeft }));
    } else if (warning.current) {
      warning.current = false;
      setState(ACTIVE);
    }
  }, []);

  const touch = useCallback(
    (explicit: boolean) => {
      if (fired.current) return;
      const now = Date.now();
      if (!explicit && (warning.current || now - lastActivity.current < ACTIVITY_THROTTLE_MS)) return;
      lastActivity.current = now;
      recordActivity(now);
      config.current.onActivity?.(explicit);
      if (explicit) tick();
    },
    [tick],
  );

  useEffect(() => {
    const stored = readLastActivity();
    lastActivity.current = stored ?? Date.now();
    if (stored === null) recordActivity(lastActivity.current);

    const handleActivity = () => touch(false);
    // Coming back to the tab: first see whether the time ran out meanwhile, then count the return.
    const handleVisibility = () => {
      if (document.visibilityState !== 'visible') return;
      tick();
      touch(false);
    };
    const handleStorage = (event: StorageEvent) => {
      if (isActivityKey(event.key)) tick();
    };
    for (const type of WINDOW_EVENTS) window.addEventListener(type, handleActivity, LISTENER);
    document.addEventListener('scroll', handleActivity, LISTENER);
    document.addEventListener('visibilitychange', handleVisibility);
    window.addEventListener('storage', handleStorage);
    const timer = window.setInterval(tick, TICK_MS);
    tick();
    return () => {
      for (const type of WINDOW_EVENTS) window.removeEventListener(type, handleActivity, LISTENER);
      document.removeEventListener('scroll', handleActivity, LISTENER);
      document.removeEventListener('visibilitychange', handleVisibility);
      window.removeEventListener('storage', handleStorage);
      window.clearInterval(timer);
    };
  }, [tick, touch]);

  const stayActive = useCallback(() => touch(true), [touch]);
  return { ...state, stayActive };
}

/**
 * The last user activity and the idle logout, kept in localStorage so every tab of the app shares them:
 * activity in one tab keeps the others signed in, and an idle logout in one tab explains itself in all.
 */
const ACTIVITY_KEY = 'lastActivityAt';
/** When a signed-in request last reached the server (which counts it as the session's activity). */
const REQUEST_KEY = 'lastRequestAt';
const IDLE_LOGOUT_KEY = 'idleLogout';
/** How long after an idle logout another tab still tells it apart from a manual one. */
const IDLE_LOGOUT_NOTICE_MS = 60_000;

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): this tab still keeps its own time.
  }
}

export function readLastActivity(): number | null {
  const value = Number(read(ACTIVITY_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function recordActivity(at = Date.now()): void {
  write(ACTIVITY_KEY, String(at));
}

export const isActivityKey = (key: string | null) => key === ACTIVITY_KEY;

/**
 * A signed-in request the server accepted: activity for the server, so for the idle logout too — as of when it was
 * sent, the time the server counts. A reply that comes back late (a slow export) never moves either time backwards
 * past later activity, nor forwards past what the server saw.
 */
export function recordRequest(sentAt = Date.now()): void {
  if (sentAt > (readLastRequest() ?? 0)) write(REQUEST_KEY, String(sentAt));
  if (sentAt > (readLastActivity() ?? 0)) recordActivity(sentAt);
}

export function readLastRequest(): number | null {
  const value = Number(read(REQUEST_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** A new sign-in starts with fresh activity and no notice left over from the last session. */
export function startActivity(): void {
  recordActivity();
  write(IDLE_LOGOUT_KEY, null);
}

export type IdleLogout = { minutes: number };

export function markIdleLogout(minutes: number): void {
  write(IDLE_LOGOUT_KEY, JSON.stringify({ at: Date.now(), minutes }));
  write(ACTIVITY_KEY, null);
}

/** The idle logout that just happened (in this tab or another), if the session ended that way. */
export function recentIdleLogout(): IdleLogout | null {
  try {
    const value = JSON.parse(read(IDLE_LOGOUT_KEY) ?? 'null') as { at?: unknown; minutes?: unknown } | null;
    if (typeof value?.at !== 'number' || typeof value.minutes !== 'number') return null;
    return Date.now() - value.at < IDLE_LOGOUT_NOTICE_MS ? { minutes: value.minutes } : null;
  } catch {
    return null;
  }
}

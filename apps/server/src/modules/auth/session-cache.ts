/**
 * The sessions this process has checked, each kept for a few seconds so that a signed-in request does not read its
 * session row again (docs/sessions-and-logs.md#the-session-check). Whatever can end a session or change its admin
 * announces it on the channel `ilson_auth` (migration 0023), and every process forgets its copy when it hears it;
 * the short lifetime is the backstop should a notice ever be missed. While notices cannot be heard (the listening
 * connection is lost, or not yet up), nothing is kept.
 */
export const SESSION_CHANNEL = 'ilson_auth';
/** How long a checked session is reused without reading it again, at most. */
export const SESSION_REUSE_MS = 5_000;
/** More sessions than a back office has signed in: past it, the oldest are dropped. */
const MAX_SESSIONS = 10_000;

export type CheckedSession<A> = {
  admin: A;
  adminId: number;
  /** The session's absolute end (epoch ms). */
  expiresAt: number;
  /** The latest activity this process knows of (epoch ms); another process may know a later one. */
  lastUsedAt: number;
  /** When it was read (epoch ms, the service's clock). */
  readAt: number;
};

export class SessionCache<A> {
  readonly #sessions = new Map<string, CheckedSession<A>>();
  /** Counts every notice and every change of hearing: a read that began before one may be stale. */
  #epoch = 0;
  #heard = false;

  /** Where a read starts: keep() takes its result only if nothing was announced since. */
  get epoch(): number {
    return this.#epoch;
  }

  /** A session checked less than SESSION_REUSE_MS ago and within its lifetime, or undefined. */
  get(sessionId: string, now: number): CheckedSession<A> | undefined {
    const session = this.#sessions.get(sessionId);
    if (!session) return undefined;
    const age = now - session.readAt;
    if (age < 0 || age >= SESSION_REUSE_MS || now >= session.expiresAt) {
      this.#sessions.delete(sessionId);
      return undefined;
    }
    return session;
  }

  /** Keeps a session read from the database, unless a notice came (or hearing changed) since `epoch`. */
  keep(sessionId: string, session: CheckedSession<A>, epoch: number): void {
    if (!this.#heard || epoch !== this.#epoch) return;
    if (this.#sessions.size >= MAX_SESSIONS) {
      // A Map iterates in insertion order: the first key is the oldest kept.
      const [oldest] = this.#sessions.keys();
      this.#sessions.delete(oldest!);
    }
    this.#sessions.delete(sessionId);
    this.#sessions.set(sessionId, session);
  }

  forget(sessionId: string): void {
    this.#epoch++;
    this.#sessions.delete(sessionId);
  }

  clear(): void {
    this.#epoch++;
    this.#sessions.clear();
  }

  /** A notice on SESSION_CHANNEL: `s:<session id>`, `a:<admin id>`, or `*` (anything else clears all). */
  notice(payload: string): void {
    // A network rule changed (docs/SECURITY.md#network-rules): nothing kept here depends on it.
    if (payload.startsWith('n:')) return;
    if (payload.startsWith('s:')) {
      this.forget(payload.slice(2));
      return;
    }
    const adminId = payload.startsWith('a:') ? Number(payload.slice(2)) : Number.NaN;
    if (!Number.isInteger(adminId)) {
      this.clear();
      return;
    }
    this.#epoch++;
    for (const [sessionId, session] of this.#sessions) {
      if (session.adminId === adminId) this.#sessions.delete(sessionId);
    }
  }

  /** Whether notices are heard; when they stop (or start again), nothing kept is trusted. */
  live(heard: boolean): void {
    this.#heard = heard;
    this.clear();
  }

  get size(): number {
    return this.#sessions.size;
  }
}

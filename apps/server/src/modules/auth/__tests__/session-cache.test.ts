/**
 * The reuse of checked sessions (docs/sessions-and-logs.md#the-session-check) against a model: random runs of reads
 * that begin and finish interleaved with announcements, lost and regained hearing, and time, and after every step the
 * cache answers exactly what the model says — never a session read before an announcement that concerns it, nor one
 * read while announcements could not be heard, nor one past its reuse or its lifetime; and always the one that is none
 * of those (so it does cache).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CheckedSession, SESSION_REUSE_MS, SessionCache } from '../session-cache';

const SESSIONS = ['s1', 's2', 's3'] as const;
const adminOf = (sessionId: string) => (sessionId === 's3' ? 2 : 1);

type Step =
  | { kind: 'begin'; session: (typeof SESSIONS)[number]; lifetime: number }
  | { kind: 'finish'; pick: number }
  | { kind: 'notice'; payload: string }
  | { kind: 'live'; heard: boolean }
  | { kind: 'advance'; ms: number }
  | { kind: 'get'; session: (typeof SESSIONS)[number] };

const session = fc.constantFrom(...SESSIONS);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('begin' as const),
      session,
      lifetime: fc.integer({ min: 1, max: 20_000 }),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('finish' as const), pick: fc.nat(10) }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant('notice' as const),
      payload: fc.constantFrom('s:s1', 's:s2', 's:s3', 's:other', 'a:1', 'a:2', 'a:3', '*', '', 'a:x'),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('live' as const), heard: fc.boolean() }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 3_000 }) }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('get' as const), session }), weight: 4 },
);

type Entry = CheckedSession<string>;
type Read = { session: string; epochToken: number; began: number; entry: Entry };

/**
 * What the cache must hold. A read is kept only if nothing at all was announced, and hearing did not change, since it
 * began (the cache does not tell which session an in-flight read is for: erring safe costs one more read); a kept
 * session is dropped by an announcement that concerns it, by `*` or anything it cannot read, and by any change of
 * hearing.
 */
class Model {
  now = 1_000_000;
  heard = true;
  events = 0;
  lastAnnounced = 0;
  kept = new Map<string, Entry>();

  announce(payload: string) {
    this.lastAnnounced = ++this.events;
    const admin = payload.startsWith('a:') ? Number(payload.slice(2)) : Number.NaN;
    const concerns = payload.startsWith('s:')
      ? (id: string) => id === payload.slice(2)
      : Number.isInteger(admin)
        ? (id: string) => adminOf(id) === admin
        : () => true;
    for (const id of [...this.kept.keys()]) if (concerns(id)) this.kept.delete(id);
  }

  hearing(heard: boolean) {
    this.lastAnnounced = ++this.events;
    this.heard = heard;
    this.kept.clear();
  }

  finish(read: Read) {
    if (this.heard && this.lastAnnounced < read.began) this.kept.set(read.session, read.entry);
  }

  get(id: string): Entry | undefined {
    const entry = this.kept.get(id);
    if (!entry) return undefined;
    const age = this.now - entry.readAt;
    if (age < 0 || age >= SESSION_REUSE_MS || this.now >= entry.expiresAt) {
      this.kept.delete(id);
      return undefined;
    }
    return entry;
  }
}

function run(steps: Step[]) {
  const cache = new SessionCache<string>();
  const model = new Model();
  cache.live(true);
  const pending: Read[] = [];
  for (const current of steps) {
    switch (current.kind) {
      case 'begin': {
        model.events++;
        const entry: Entry = {
          admin: `admin of ${current.session}`,
          adminId: adminOf(current.session),
          expiresAt: model.now + current.lifetime,
          lastUsedAt: model.now,
          readAt: model.now,
        };
        pending.push({ session: current.session, epochToken: cache.epoch, began: model.events, entry });
        break;
      }
      case 'finish': {
        if (pending.length === 0) break;
        const [read] = pending.splice(current.pick % pending.length, 1);
        cache.keep(read!.session, read!.entry, read!.epochToken);
        model.finish(read!);
        break;
      }
      case 'notice':
        cache.notice(current.payload);
        model.announce(current.payload);
        break;
      case 'live':
        cache.live(current.heard);
        model.hearing(current.heard);
        break;
      case 'advance':
        model.now += current.ms;
        break;
      case 'get':
        expect(cache.get(current.session, model.now)).toBe(model.get(current.session));
        break;
    }
  }
}

describe('SessionCache against its model', () => {
  it('answers what the model answers after every step', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => run(steps)),
      { numRuns: 400 },
    );
  });

  it('keeps and reuses a session read while hearing, with nothing announced', () => {
    const cache = new SessionCache<string>();
    cache.live(true);
    const entry: Entry = { admin: 'a', adminId: 1, expiresAt: 50_000, lastUsedAt: 0, readAt: 0 };
    cache.keep('s1', entry, cache.epoch);
    expect(cache.get('s1', SESSION_REUSE_MS - 1)).toBe(entry);
    expect(cache.get('s1', SESSION_REUSE_MS)).toBeUndefined();
  });
});

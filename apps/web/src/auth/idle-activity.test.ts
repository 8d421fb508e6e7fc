import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { readLastActivity, readLastRequest, recordActivity, recordRequest } from './idle-activity';

beforeEach(() => {
  localStorage.clear();
});

/** Input in a tab (recorded as it happens) and replies to signed-in calls (sent `lag` ms before they come back). */
const events = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('input' as const), after: fc.nat(120_000) }),
    fc.record({ kind: fc.constant('reply' as const), after: fc.nat(120_000), lag: fc.nat(300_000) }),
  ),
  { maxLength: 40 },
);

describe('the recorded activity (docs/sessions-and-logs.md#the-browser-agrees)', () => {
  it('is the latest input or sent call, whatever order late replies come back in', () => {
    fc.assert(
      fc.property(events, (steps) => {
        localStorage.clear();
        let now = 1_700_000_000_000;
        let latest = 0;
        let latestRequest = 0;
        for (const step of steps) {
          now += step.after;
          if (step.kind === 'input') {
            recordActivity(now);
            latest = Math.max(latest, now);
          } else {
            const sentAt = now - step.lag;
            recordRequest(sentAt);
            latest = Math.max(latest, sentAt);
            latestRequest = Math.max(latestRequest, sentAt);
          }
        }
        expect(readLastActivity()).toBe(latest || null);
        expect(readLastRequest()).toBe(latestRequest || null);
      }),
    );
  });
});

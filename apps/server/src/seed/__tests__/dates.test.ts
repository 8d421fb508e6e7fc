import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addYears, fromDay, toDay } from '../dates';
import { createRng, type Weighted } from '../random';

/**
 * The seed's calendar helpers read dates digit by digit and memoise by day
 * (docs/seed.md#generating-once-reading-several-times); each is checked here against the Date arithmetic it
 * replaces.
 */
const DAY_MS = 86_400_000;
const reference = {
  fromDay: (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10),
  toDay: (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS,
  addYears(date: string, years: number) {
    const d = new Date(`${date}T00:00:00Z`);
    d.setUTCFullYear(d.getUTCFullYear() + years);
    return d.toISOString().slice(0, 10);
  },
};

// 1800-01-01 to 2199-12-31: beyond the memo at both ends, and the leap-year exceptions of 1900 and 2100.
const days = fc.integer({ min: -62_091, max: 84_005 });
const dates = days.map(reference.fromDay);
// Leap days are rare among random days: a quarter of the cases are 29 February of some leap year.
const leapDays = fc
  .integer({ min: 1804, max: 2196 })
  .filter((y) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0)
  .map((y) => `${y}-02-29`);

describe('seed dates', () => {
  it('formats and reads days as Date does, memoised or not', () => {
    fc.assert(
      fc.property(days, (day) => {
        // Twice: the first call may fill the memo, the second reads it.
        expect(fromDay(day)).toBe(reference.fromDay(day));
        expect(fromDay(day)).toBe(reference.fromDay(day));
        expect(toDay(reference.fromDay(day))).toBe(day);
      }),
      { numRuns: 2_000 },
    );
  });

  it('adds days and years as Date does, 29 February included', () => {
    fc.assert(
      fc.property(
        fc.oneof({ arbitrary: dates, weight: 3 }, { arbitrary: leapDays, weight: 1 }),
        fc.integer({ min: -100, max: 100 }),
        fc.integer({ min: -20_000, max: 20_000 }),
        (date, years, offset) => {
          expect(addYears(date, years)).toBe(reference.addYears(date, years));
          expect(addDays(date, offset)).toBe(reference.fromDay(reference.toDay(date) + offset));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('seed random', () => {
  it('picks by weight exactly as a cumulative walk over the draw', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 8 }),
        fc.integer(),
        (weights, seed) => {
          const table: Weighted<number> = weights.map((w, i) => [i, w] as const);
          const total = weights.reduce((a, b) => a + b, 0);
          const picks = createRng(seed, 'weights');
          const draws = createRng(seed, 'weights');
          for (let n = 0; n < 50; n++) {
            const draw = draws.next() * total;
            let below = 0;
            const expected = weights.findIndex((w) => {
              below += w;
              return draw < below;
            });
            expect(picks.weighted(table)).toBe(expected < 0 ? weights.length - 1 : expected);
          }
        },
      ),
    );
  });
});

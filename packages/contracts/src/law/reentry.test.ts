import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths } from './employment';
import { REENTRY_ROWS, type ReentryKind, reentryIssues, reentryRule } from './reentry';

/** docs/law-as-data.md#reentry: each row allows one re-entry and refuses another, on both sides of its 시행일. */
const TODAY = '2026-12-05';
const check = (
  departureDate: string | null,
  entryDate: string,
  kind: ReentryKind,
  visaType = 'E-9' as const,
) => reentryIssues({ visaType, departureDate, entryDate, kind, today: TODAY }).map((issue) => issue.code);

describe('the re-entry rows (외국인고용법 제18조의3, 제18조의4)', () => {
  it.each([
    // kind, departure, first day allowed, the row's months
    ['general', '2025-03-10', '2025-09-10', 6],
    ['general', '2020-08-31', '2021-02-28', 6],
    // 성실근로자 특례: 3 months until 2021-10-13, 1 month from 2021-10-14 (the row in force on the entry date)
    ['faithful', '2021-06-01', '2021-09-01', 3],
    ['faithful', '2021-09-20', '2021-10-20', 1],
    ['faithful', '2025-01-31', '2025-02-28', 1],
  ] as const)(
    '%s, departed %s: refused the day before %s, allowed on it',
    (kind, departure, first, months) => {
      const dayBefore = new Date(`${first}T00:00:00Z`);
      dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
      expect(check(departure, dayBefore.toISOString().slice(0, 10), kind)).toEqual(['REENTRY_TOO_EARLY']);
      expect(check(departure, first, kind)).toEqual([]);
      expect(reentryRule('E-9', kind, first)?.months).toBe(months);
    },
  );

  it('applies the 3-month 특례 to an entry before 2021-10-14 and the 1-month one from that day', () => {
    expect(reentryRule('E-9', 'faithful', '2021-10-13')?.months).toBe(3);
    expect(reentryRule('E-9', 'faithful', '2021-10-14')?.months).toBe(1);
    expect(reentryRule('E-9', 'faithful', '2012-07-01')).toBeNull();
    // Departed 2021-09-01: on 2021-10-13 the 3-month row still refuses; from 2021-10-14 one month has passed.
    expect(check('2021-09-01', '2021-10-13', 'faithful')).toEqual(['REENTRY_TOO_EARLY']);
    expect(check('2021-09-01', '2021-10-14', 'faithful')).toEqual([]);
  });

  it('names the article and the first allowed day in Korean', () => {
    const [issue] = reentryIssues({
      visaType: 'E-9',
      departureDate: '2026-10-01',
      entryDate: '2026-11-01',
      kind: 'general',
      today: TODAY,
    });
    expect(issue?.message).toBe(
      '출국일(2026-10-01)부터 6개월이 지나야 다시 취업할 수 있습니다(외국인고용법 제18조의3): 입국일은 2027-04-01 이후여야 합니다.',
    );
    expect(issue?.basis?.article).toBe('제18조의3');
    expect(issue?.earliest).toBe('2027-04-01');
  });

  it('keeps H-2 (특례 외국인근로자, excluded by 제18조의3) and other visas free of the wait', () => {
    expect(check('2026-11-01', '2026-11-02', 'general', 'H-2' as never)).toEqual([]);
    expect(check('2026-11-01', '2026-11-02', 'general', 'F-4' as never)).toEqual([]);
  });

  it('refuses an entry in the future or before the departure, whatever the visa', () => {
    expect(check('2026-01-01', '2026-12-06', 'general', 'H-2' as never)).toEqual(['REENTRY_IN_FUTURE']);
    expect(check('2026-11-01', '2026-10-31', 'faithful', 'H-2' as never)).toEqual([
      'REENTRY_BEFORE_DEPARTURE',
    ]);
    // A departure the record does not know: only the future is checked.
    expect(check(null, '2026-12-05', 'general')).toEqual([]);
  });

  it('every row has a 시행일 or says what is unconfirmed', () => {
    for (const row of REENTRY_ROWS) expect(row.basis.effectiveFrom !== null || !!row.basis.verify).toBe(true);
  });
});

const day = fc
  .integer({ min: Date.UTC(2013, 0, 1) / 86_400_000, max: Date.UTC(2026, 11, 5) / 86_400_000 })
  .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));

describe('a re-entry, any dates (property)', () => {
  it('is refused as too early exactly when the entry falls inside the months of the row in force on it', () => {
    fc.assert(
      // Entries mostly within the longest wait (six months) of the departure, where the rows decide.
      fc.property(
        day,
        fc.integer({ min: 0, max: 240 }),
        fc.constantFrom<ReentryKind>('general', 'faithful'),
        (departure, after, kind) => {
          const at = new Date(`${departure}T00:00:00Z`);
          at.setUTCDate(at.getUTCDate() + after);
          const entry = at.toISOString().slice(0, 10);
          fc.pre(entry <= TODAY);
          const codes = check(departure, entry, kind);
          // Oracle written apart: the months by kind and entry date, as the rows read.
          const months = kind === 'general' ? 6 : entry < '2021-10-14' ? 3 : 1;
          const tooEarly = entry < addMonths(departure, months);
          expect(codes).toEqual(tooEarly ? ['REENTRY_TOO_EARLY'] : []);
        },
      ),
      { numRuns: 300 },
    );
  });
});

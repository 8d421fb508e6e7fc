import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  jobSearchDeadline,
  WORKPLACE_CHANGE_ROWS,
  type WorkplaceChangeEvent,
  workplaceChangeIssues,
  workplaceChangesLeft,
} from './workplace-change';

const worker = (employmentPeriodEndDate: string | null = null) => ({
  visaType: 'E-9' as const,
  entryDate: '2020-03-10',
  employmentPeriodEndDate,
});
const change = (date: string, employerCaused = false, approved = true): WorkplaceChangeEvent => ({
  date,
  employerCaused,
  approved,
});
const refused = (events: WorkplaceChangeEvent[], onDate: string, end: string | null = null) =>
  workplaceChangeIssues({ worker: worker(end), events, onDate, toNewEmployer: true }).map((i) => i.code);

describe('사업장 변경 rows', () => {
  it('limit_initial: three changes in the first three years, employer-caused not counted', () => {
    const two = [change('2020-06-01'), change('2021-01-01')];
    expect(refused(two, '2022-01-01')).toEqual([]);
    expect(refused([...two, change('2021-06-01')], '2022-01-01')).toEqual(['WORKPLACE_CHANGES_EXHAUSTED']);
    expect(refused([...two, change('2021-06-01', true)], '2022-01-01')).toEqual([]);
    expect(refused([...two, change('2021-06-01', false, false)], '2022-01-01')).toEqual([]);
    // Not refused when the worker stays with the employer.
    expect(
      workplaceChangeIssues({
        worker: worker(),
        events: [...two, change('2021-06-01')],
        onDate: '2022-01-01',
        toNewEmployer: false,
      }),
    ).toEqual([]);
  });

  it('limit_reemployment: two more during 재고용, counted apart from the first three', () => {
    const end = '2024-12-31';
    const first = [change('2020-06-01'), change('2021-01-01'), change('2021-06-01')];
    expect(refused(first, '2023-06-01', end)).toEqual([]);
    expect(workplaceChangesLeft(worker(end), first, '2023-06-01')).toMatchObject({
      used: 0,
      limit: 2,
      left: 2,
    });
    expect(refused([...first, change('2023-04-01'), change('2023-05-01')], '2023-06-01', end)).toEqual([
      'WORKPLACE_CHANGES_EXHAUSTED',
    ]);
  });

  it.each(WORKPLACE_CHANGE_ROWS.map((row) => [row.rule, row.basis.effectiveFrom!] as const))(
    '%s applies from its 시행일, not the day before',
    (_rule, from) => {
      const y = Number(from.slice(0, 4));
      const w = { visaType: 'E-9' as const, entryDate: `${y - 1}-01-01`, employmentPeriodEndDate: null };
      const three = [change(`${y - 1}-02-01`), change(`${y - 1}-03-01`), change(`${y - 1}-04-01`)];
      const dayBefore = `${from.slice(0, 8)}${String(Number(from.slice(8)) - 1).padStart(2, '0')}`;
      expect(
        workplaceChangeIssues({ worker: w, events: three, onDate: from, toNewEmployer: true }),
      ).toHaveLength(1);
      expect(
        workplaceChangeIssues({ worker: w, events: three, onDate: dayBefore, toNewEmployer: true }),
      ).toEqual([]);
      expect(jobSearchDeadline('E-9', dayBefore)).toBeNull();
    },
  );

  it('job_search: three months from the request', () => {
    expect(jobSearchDeadline('E-9', '2024-11-30')).toMatchObject({ date: '2025-02-28' });
    expect(jobSearchDeadline('F-4', '2024-11-30')).toBeNull();
  });

  it('never leaves a negative count, and each counted change takes one (property)', () => {
    const day = fc.integer({ min: 1, max: 1000 }).map((n) => {
      const d = new Date(Date.UTC(2020, 2, 10 + n));
      return d.toISOString().slice(0, 10);
    });
    fc.assert(
      fc.property(
        fc.array(fc.record({ date: day, employerCaused: fc.boolean(), approved: fc.boolean() })),
        (events) => {
          const count = workplaceChangesLeft(worker(), events, '2023-01-01')!;
          const counted = events.filter((e) => e.approved && !e.employerCaused).length;
          expect(count.used).toBe(counted);
          expect(count.left).toBe(Math.max(0, 3 - counted));
        },
      ),
    );
  });
});

describe('a move already recorded', () => {
  it('is refused only over the limit, not at it', () => {
    const w = { visaType: 'E-9' as const, entryDate: '2020-03-10', employmentPeriodEndDate: null };
    const three = ['2020-06-01', '2021-01-01', '2021-06-01'].map((date) => ({
      date,
      employerCaused: false,
      approved: true,
    }));
    const issues = (events: WorkplaceChangeEvent[], recorded: boolean) =>
      workplaceChangeIssues({ worker: w, events, onDate: '2022-01-01', toNewEmployer: true, recorded });
    expect(issues(three, true)).toEqual([]);
    expect(issues(three, false).map((i) => i.code)).toEqual(['WORKPLACE_CHANGES_EXHAUSTED']);
    const four = [...three, { date: '2021-09-01', employerCaused: false, approved: true }];
    expect(issues(four, true)[0]).toMatchObject({
      code: 'WORKPLACE_CHANGES_EXHAUSTED',
      message: '사업장 변경 횟수(4회)가 허용 횟수(3회)를 넘습니다.',
      basis: { article: '제25조 제4항' },
    });
  });
});

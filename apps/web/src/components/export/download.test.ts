import { afterEach, describe, expect, it, vi } from 'vitest';
import { exportFileNameToday, exportParams } from './download';

afterEach(() => {
  vi.useRealTimers();
});

describe('export file names', () => {
  it.each([
    ['employers', 'excel', 'employers_2025-03-02.xlsx'],
    ['employers', 'csv', 'employers_2025-03-02.csv'],
    ['workers', 'excel', '근로자목록_2025-03-02.xlsx'],
    ['workers', 'csv', '근로자목록_2025-03-02.csv'],
    ['matchings', 'excel', '매칭목록_2025-03-02.xlsx'],
    ['matchings', 'csv', '매칭목록_2025-03-02.csv'],
    ['payments', 'excel', '결제목록_2025-03-02.xlsx'],
    ['payments', 'csv', '결제목록_2025-03-02.csv'],
  ] as const)('%s as %s → %s, dated by the day in Korea', (resource, format, name) => {
    // 15:30 UTC on 1 March is already 2 March in Seoul.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-01T15:30:00Z'));
    expect(exportFileNameToday(resource, format)).toBe(name);
  });
});

describe('export parameters', () => {
  it('keeps the filters and sort, drops the paging, adds the options', () => {
    const query = { page: 4, pageSize: 50, sort: 'created_at', order: 'desc', q: '김', branchId: '2' };
    expect(exportParams(query, { format: 'excel' })).toEqual({
      sort: 'created_at',
      order: 'desc',
      q: '김',
      branchId: '2',
      format: 'excel',
    });
    expect(exportParams(query, { format: 'csv', reason: '  보고 ', unmasked: true })).toMatchObject({
      format: 'csv',
      reason: '보고',
      unmasked: 'true',
    });
    expect(exportParams({}, { format: 'csv', reason: '   ', unmasked: false })).toEqual({ format: 'csv' });
  });
});

import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { differences } from './conflict-comparison';

describe('stale-version comparison', () => {
  it('lists only the labelled fields that differ, each as the form shows it', () => {
    const labels = {
      name: '상호',
      opened: '개업일',
      days: '근무 요일',
      count: '인원',
      memo: '메모',
      kind: '유형',
    };
    const rows = differences(
      { labels, format: (field, value) => (field === 'kind' && value === 'corp' ? '법인' : undefined) },
      {
        name: '가나다',
        opened: dayjs('2026-01-02'),
        days: ['mon', 'tue'],
        count: 1200,
        memo: '',
        kind: 'corp',
        x: 1,
      },
      {
        name: '가나다',
        opened: dayjs('2026-01-03'),
        days: ['mon', 'tue'],
        count: 1200,
        memo: null,
        kind: 'indiv',
        x: 2,
      },
    );
    expect(rows).toEqual([
      { field: 'opened', label: '개업일', mine: '2026-01-02', latest: '2026-01-03' },
      { field: 'kind', label: '유형', mine: '법인', latest: 'indiv' },
    ]);
  });
});

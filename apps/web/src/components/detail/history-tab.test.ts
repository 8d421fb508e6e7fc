import { describe, expect, it } from 'vitest';
import { readChanges } from './history-tab';

describe('readChanges', () => {
  it('reads the server diff, field by field', () => {
    expect(readChanges({ ceoName: { before: '김철수', after: '홍길동' } })).toEqual([
      { field: 'ceoName', before: '김철수', after: '홍길동' },
    ]);
  });

  it('reads before/after snapshots, keeping only what changed', () => {
    expect(readChanges({ before: { a: 1, b: 2 }, after: { a: 1, b: 3, c: 4 } })).toEqual([
      { field: 'b', before: 2, after: 3 },
      { field: 'c', before: undefined, after: 4 },
    ]);
  });

  it('reads pairs and from/to, and nothing from nothing', () => {
    expect(readChanges({ status: ['pending', 'approved'], phone: { from: '1', to: '2' } })).toEqual([
      { field: 'status', before: 'pending', after: 'approved' },
      { field: 'phone', before: '1', after: '2' },
    ]);
    expect(readChanges(null)).toEqual([]);
  });
});

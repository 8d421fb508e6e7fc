import { describe, expect, it } from 'vitest';
import { daysUntil } from '../../lib/datetime';
import { dDayColor, dDayLabel, displayName, latinName } from './columns';

describe('visa D-day', () => {
  it('counts whole days from today in Korea', () => {
    expect(daysUntil('2026-12-13', '2026-11-23')).toBe(20);
    expect(daysUntil('2026-11-20', '2026-11-23')).toBe(-3);
    expect(daysUntil('2026-11-23', '2026-11-23')).toBe(0);
  });

  it('labels and colours by urgency', () => {
    expect(dDayLabel(20)).toBe('D-20');
    expect(dDayLabel(0)).toBe('D-Day');
    expect(dDayLabel(-3)).toBe('D+3');
    expect([-1, 0, 30, 31, 60, 61, 120, 121].map(dDayColor)).toEqual([
      'red',
      'volcano',
      'volcano',
      'gold',
      'gold',
      'blue',
      'blue',
      'default',
    ]);
  });

  it('names a worker in Korean when known, in passport order otherwise', () => {
    const worker = { nameKo: '', firstName: 'JUAN', lastName: 'DELA CRUZ' };
    expect(latinName(worker)).toBe('DELA CRUZ JUAN');
    expect(displayName(worker)).toBe('DELA CRUZ JUAN');
    expect(displayName({ ...worker, nameKo: '후안' })).toBe('후안');
  });
});

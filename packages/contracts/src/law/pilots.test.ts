import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DUTIES } from '../duties';
import { INDUSTRIES } from '../industries';
import { pilotSectorsSchema } from '../settings';
import { visaSectorDecision } from '../visa-work';
import { VISA_TYPES } from '../visas';
import { FIXED_SECTOR_ROWS, pilotSectorsDefault, sectorRowsWith, VISA_SECTOR_ROWS } from './visas';

/** The pilot sectors as an operator-kept setting (docs/law-as-data.md#operator-kept-rows). */
describe('pilot sectors', () => {
  it('seeds a valid setting from the pilot rows, and the rows as released without one', () => {
    expect(pilotSectorsSchema.safeParse(pilotSectorsDefault()).success).toBe(true);
    expect(sectorRowsWith()).toBe(VISA_SECTOR_ROWS);
    expect(FIXED_SECTOR_ROWS.some((row) => row.pilot)).toBe(false);
    expect(sectorRowsWith([])).toEqual(FIXED_SECTOR_ROWS);
  });

  it('an ended pilot refuses its industry from its end; a pilot added opens it from its start', () => {
    const [food, ...rest] = pilotSectorsDefault();
    const ended = [{ ...food!, effectiveTo: '2026-01-01' }, ...rest];
    expect(visaSectorDecision('E-9', 'food_service', 'kitchen_assistant', '2025-12-31', ended).duty).toBe(
      true,
    );
    const after = visaSectorDecision('E-9', 'food_service', 'kitchen_assistant', '2026-01-01', ended);
    expect(after.industry).toBe(false);
    expect(after.basis?.notice).toContain('설정값');
    const added = [
      ...ended,
      {
        visa: 'E-9' as const,
        industry: 'cleaning' as const,
        duties: ['general' as const],
        effectiveFrom: '2027-03-01',
        effectiveTo: null,
        note: '시범',
      },
    ];
    expect(visaSectorDecision('E-9', 'cleaning', 'general', '2027-02-28', added).industry).toBe(false);
    expect(visaSectorDecision('E-9', 'cleaning', 'general', '2027-03-01', added)).toMatchObject({
      industry: true,
      duty: true,
    });
  });

  it('never throws on hostile input, and whatever it accepts is lawful', () => {
    const date = fc.oneof(
      fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
      fc.string(),
    );
    const entry = fc.record({
      visa: fc.oneof(fc.constantFrom(...VISA_TYPES), fc.string()),
      industry: fc.oneof(fc.constantFrom(...INDUSTRIES), fc.string()),
      duties: fc.array(fc.oneof(fc.constantFrom(...DUTIES), fc.string()), { maxLength: 4 }),
      effectiveFrom: date,
      effectiveTo: fc.oneof(fc.constant(null), date),
      note: fc.string({ maxLength: 250 }),
    });
    fc.assert(
      fc.property(fc.oneof(fc.array(entry, { maxLength: 4 }), fc.anything()), (value) => {
        const parsed = pilotSectorsSchema.safeParse(value);
        if (!parsed.success) return;
        for (const [i, pilot] of parsed.data.entries()) {
          expect(pilot.duties.length).toBeGreaterThan(0);
          if (pilot.effectiveTo !== null) expect(pilot.effectiveTo > pilot.effectiveFrom).toBe(true);
          for (const other of parsed.data.slice(0, i)) {
            if (other.visa !== pilot.visa || other.industry !== pilot.industry) continue;
            const disjoint =
              (other.effectiveTo !== null && other.effectiveTo <= pilot.effectiveFrom) ||
              (pilot.effectiveTo !== null && pilot.effectiveTo <= other.effectiveFrom);
            expect(disjoint).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

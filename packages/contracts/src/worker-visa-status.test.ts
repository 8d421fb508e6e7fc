import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recordMessages } from './messages';
import { VISA_STATUSES } from './visas';
import { workerCreateSchema, workerUpdateSchema } from './workers';

const worker = {
  lastName: 'NGUYEN',
  firstName: 'VAN AN',
  gender: 'male',
  dateOfBirth: '1995-05-05',
  nationality: 'VN',
  visaType: 'E-9',
  visaExpiryDate: '2030-01-01',
  branchId: 1,
};

describe('심사 중 comes from a filed extension (docs/DOMAIN.md#invariants)', () => {
  it('a new worker, from the form or an imported row, may have any visa status but 심사 중', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VISA_STATUSES), (visaStatus) => {
        const parsed = workerCreateSchema.safeParse({ ...worker, visaStatus });
        if (visaStatus !== 'pending') {
          expect(parsed.success).toBe(true);
          return;
        }
        expect(parsed.success).toBe(false);
        expect(parsed.error!.issues).toEqual([
          expect.objectContaining({ path: ['visaStatus'], message: recordMessages.visaPendingFromExtension }),
        ]);
      }),
    );
  });

  it('an edit may send it back unchanged (the server refuses only a change to it)', () => {
    expect(workerUpdateSchema.safeParse({ visaStatus: 'pending', version: 3 }).success).toBe(true);
  });
});

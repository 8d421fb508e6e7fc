import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidAlienRegNo } from './korean-ids';
import { ARC_GENDER_DIGITS, EXTENSION_TIMING, VISA_STAY_LIMITS } from './law/identity';
import { VISA_TYPE_LABELS, VISA_TYPES } from './visas';
import {
  arcAgreementIssues,
  extensionDateIssues,
  identityMessages,
  visaExpires,
  visaExpiryIssues,
  workerIdentityIssues,
  workerIdentityWarnings,
} from './worker-identity';
import { workerCreateSchema, workerFormSchema } from './workers';

const TODAY = '2026-12-04';
/** Days on both sides of the rows' 시행일 (1993-07-01), and today. */
const BEFORE = '1993-06-30';
const AFTER = '1993-07-01';

const arcOf = (dateOfBirth: string, digit: number, serial = '123456') =>
  `${dateOfBirth.slice(2, 4)}${dateOfBirth.slice(5, 7)}${dateOfBirth.slice(8, 10)}${digit}${serial}`;

describe('the 7th digit of a 외국인등록번호 (law/identity.ts ARC_GENDER_DIGITS)', () => {
  it.each(ARC_GENDER_DIGITS.map((row) => [row.digit, row.gender, row.century] as const))(
    '%i: %s born in the %is agrees; the other gender and the other century do not',
    (digit, gender, century) => {
      const born = `${century + 90 >= 2026 ? century + 5 : century + 90}-03-15`;
      const arc = arcOf(born, digit);
      for (const day of [AFTER, TODAY]) {
        expect(arcAgreementIssues({ alienRegNo: arc, dateOfBirth: born, gender }, { today: day })).toEqual(
          [],
        );
        const other = gender === 'male' ? 'female' : 'male';
        expect(
          arcAgreementIssues({ alienRegNo: arc, dateOfBirth: born, gender: other }, { today: day }),
        ).toEqual([{ field: 'alienRegNo', message: expect.stringContaining('성별과 다릅니다') }]);
        const otherCentury = `${Number(born.slice(0, 4)) + (century === 1900 ? 100 : -100)}${born.slice(4)}`;
        expect(
          arcAgreementIssues({ alienRegNo: arc, dateOfBirth: otherCentury, gender }, { today: day }),
        ).toEqual([{ field: 'alienRegNo', message: identityMessages.arcBirthMismatch }]);
      }
      // Before its 시행일 the row does not apply: nothing to compare with.
      expect(
        arcAgreementIssues({ alienRegNo: arc, dateOfBirth: born, gender: 'female' }, { today: BEFORE }),
      ).toEqual([]);
    },
  );

  it('reads a masked number as stored, and names the changed field', () => {
    expect(
      arcAgreementIssues(
        { alienRegNo: '900101-5******', dateOfBirth: '1990-01-02', gender: 'female' },
        { stored: true, today: TODAY },
      ).map((issue) => issue.field),
    ).toEqual(['dateOfBirth', 'gender']);
  });

  const dob = fc
    .date({ min: new Date('1950-01-01'), max: new Date('2012-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const gender = fc.constantFrom('male' as const, 'female' as const);
  const serial = fc.stringMatching(/^\d{6}$/);
  const validArc = (born: string, g: 'male' | 'female', s: string) => {
    const row = ARC_GENDER_DIGITS.find((r) => r.gender === g && r.century === (born < '2000' ? 1900 : 2000))!;
    return arcOf(born, row.digit, s);
  };

  it('property: an ARC made from the date of birth, gender and century passes, format and agreement', () => {
    fc.assert(
      fc.property(dob, gender, serial, (born, g, s) => {
        const arc = validArc(born, g, s);
        expect(isValidAlienRegNo(arc)).toBe(true);
        expect(
          arcAgreementIssues({ alienRegNo: arc, dateOfBirth: born, gender: g }, { today: TODAY }),
        ).toEqual([]);
      }),
    );
  });

  it('property: another 7th digit, or another date digit, is refused', () => {
    fc.assert(
      fc.property(
        dob,
        gender,
        serial,
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 9 }),
        (born, g, s, digit, at, shift) => {
          const arc = validArc(born, g, s);
          if (digit !== Number(arc[6])) {
            const flipped = `${arc.slice(0, 6)}${digit}${arc.slice(7)}`;
            const refused =
              !isValidAlienRegNo(flipped) ||
              arcAgreementIssues({ alienRegNo: flipped, dateOfBirth: born, gender: g }, { today: TODAY })
                .length > 0;
            expect(refused).toBe(true);
          }
          const changed = `${arc.slice(0, at)}${(Number(arc[at]) + shift) % 10}${arc.slice(at + 1)}`;
          const refused =
            !isValidAlienRegNo(changed) ||
            arcAgreementIssues({ alienRegNo: changed, dateOfBirth: born, gender: g }, { today: TODAY })
              .length > 0;
          expect(refused).toBe(true);
        },
      ),
    );
  });
});

describe('visas with a stay limit (law/identity.ts VISA_STAY_LIMITS)', () => {
  it('names every visa the product knows, once', () => {
    expect(VISA_STAY_LIMITS.map((row) => row.visaType).sort()).toEqual([...VISA_TYPES].sort());
  });

  it.each(VISA_STAY_LIMITS.map((row) => [row.visaType, row.expires] as const))(
    '%s: expires %s',
    (visaType, expires) => {
      expect(visaExpires(visaType, TODAY)).toBe(expires);
      expect(visaExpiryIssues({ visaType, visaExpiryDate: '2027-01-01' }, TODAY)).toEqual([]);
      expect(visaExpiryIssues({ visaType, visaExpiryDate: null }, TODAY)).toEqual(
        expires
          ? [
              {
                field: 'visaExpiryDate',
                message: identityMessages.visaExpiryRequired(VISA_TYPE_LABELS[visaType]),
              },
            ]
          : [],
      );
    },
  );
});

describe('the timing of an extension (law/identity.ts EXTENSION_TIMING)', () => {
  const row = EXTENSION_TIMING[0]!;

  it('is filed on or before the expiry, never after today', () => {
    for (const today of [row.basis.effectiveFrom!, TODAY]) {
      const expiry = today;
      expect(extensionDateIssues({ appliedAt: expiry, expiry }, today)).toEqual([]);
      expect(extensionDateIssues({ appliedAt: '1993-06-01', expiry }, today)).toEqual([]);
    }
    expect(extensionDateIssues({ appliedAt: '2026-12-01', expiry: '2026-11-30' }, TODAY)).toEqual([
      { field: 'extensionAppliedAt', message: identityMessages.extensionAfterExpiry('2026-11-30') },
    ]);
    expect(extensionDateIssues({ appliedAt: '2026-12-05', expiry: '2027-01-30' }, TODAY)).toEqual([
      { field: 'extensionAppliedAt', message: identityMessages.extensionAppliedInFuture },
    ]);
    expect(extensionDateIssues({ approvedAt: '2026-12-05' }, TODAY)).toEqual([
      { field: 'extensionApprovedAt', message: identityMessages.extensionApprovedInFuture },
    ]);
  });

  it('before its 시행일 is not applied', () => {
    expect(extensionDateIssues({ appliedAt: '1993-06-20', expiry: '1993-06-10' }, BEFORE)).toEqual([]);
  });
});

const worker = {
  firstName: 'Van An',
  lastName: 'Nguyen',
  gender: 'male',
  dateOfBirth: '1995-05-05',
  nationality: 'VN',
  alienRegNo: '950505-5123456',
  visaType: 'E-9',
  visaExpiryDate: '2028-01-01',
  branchId: 1,
} as const;

describe('the worker schemas', () => {
  it('accept a worker whose identity agrees', () => {
    expect(workerCreateSchema.safeParse(worker).success).toBe(true);
    expect(workerFormSchema.safeParse({ ...worker, visaType: 'F-5', visaExpiryDate: null }).success).toBe(
      true,
    );
  });

  it.each([
    [{ alienRegNo: '950506-5123456' }, 'alienRegNo', identityMessages.arcBirthMismatch],
    [
      { gender: 'female' },
      'alienRegNo',
      '외국인등록번호 7번째 자리(5)는 1900년대 출생 남성을 뜻해 성별과 다릅니다.',
    ],
    [
      { visaExpiryDate: null },
      'visaExpiryDate',
      identityMessages.visaExpiryRequired(VISA_TYPE_LABELS['E-9']),
    ],
  ])('refuse %o on %s with a Korean message', (change, field, message) => {
    for (const schema of [workerCreateSchema, workerFormSchema]) {
      const parsed = schema.safeParse({ ...worker, ...change });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, message]]);
    }
  });
});

describe('warnings on a stored worker', () => {
  it('list each rule the record breaks, once', () => {
    const stored = {
      alienRegNo: '950505-6******',
      dateOfBirth: '1995-05-06',
      gender: 'male' as const,
      visaType: 'E-9' as const,
      visaExpiryDate: '2026-11-01',
      extensionStatus: 'applied',
      extensionAppliedAt: '2026-11-20',
      extensionApprovedAt: null,
    };
    expect(workerIdentityWarnings(stored, TODAY)).toEqual([
      identityMessages.arcBirthMismatch,
      expect.stringContaining('성별과 다릅니다'),
      identityMessages.extensionAfterExpiry('2026-11-01'),
    ]);
    expect(
      workerIdentityWarnings(
        { ...stored, alienRegNo: '950506-5******', extensionAppliedAt: '2026-10-20', visaExpiryDate: null },
        TODAY,
      ),
    ).toEqual([identityMessages.visaExpiryRequired(VISA_TYPE_LABELS['E-9'])]);
    expect(
      workerIdentityIssues({ ...stored, alienRegNo: null, visaExpiryDate: '2027-01-01' }, TODAY),
    ).toEqual([]);
  });
});

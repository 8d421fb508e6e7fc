import { describe, expect, it } from 'vitest';
import { maskEmail, maskPhone } from './korean-ids';
import {
  contactsMaskedFor,
  identifierSearchKind,
  workerRevealResponseSchema,
  workerRevealSchema,
} from './workers';

describe('maskPhone', () => {
  it('hides the middle group of a mobile number, dashes or not', () => {
    expect(maskPhone('01012345678')).toBe('010-****-5678');
    expect(maskPhone('010-1234-5678')).toBe('010-****-5678');
  });

  it('hides the middle group of other Korean numbers and all but the last four of anything else', () => {
    expect(maskPhone('0212345678')).toBe('02-****-5678');
    expect(maskPhone('0311234567')).toBe('031-***-4567');
    expect(maskPhone('15881234')).toBe('****-1234');
    expect(maskPhone('12345')).toBe('*2345');
  });

  it('leaves an empty number empty', () => {
    expect(maskPhone('')).toBe('');
  });
});

describe('maskEmail', () => {
  it('keeps the first character of the local part and the domain', () => {
    expect(maskEmail('alice@example.com')).toBe('a***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
  });

  it('leaves an empty address empty and hides a malformed one', () => {
    expect(maskEmail('')).toBe('');
    expect(maskEmail('not-an-email')).toBe('n***');
  });
});

describe('identifierSearchKind', () => {
  it('recognises a full 외국인등록번호, with or without a dash', () => {
    expect(identifierSearchKind('900101-5123456')).toBe('alienRegNo');
    expect(identifierSearchKind(' 9001015123456 ')).toBe('alienRegNo');
  });

  it('recognises a passport number: letters and digits, 5 to 20', () => {
    expect(identifierSearchKind('P5712340024')).toBe('passportNo');
    expect(identifierSearchKind('m12345678')).toBe('passportNo');
  });

  it('treats names, phone digits and partial numbers as an ordinary search', () => {
    for (const q of [
      'Nguyen',
      'NGUYEN VAN',
      '응우옌',
      '010-1234-5678',
      '900101',
      '5123456',
      'P57',
      '',
      undefined,
    ]) {
      expect(identifierSearchKind(q)).toBeNull();
    }
  });
});

describe('contactsMaskedFor', () => {
  it('masks contacts for a viewer only', () => {
    expect(contactsMaskedFor('viewer')).toBe(true);
    expect(contactsMaskedFor('branch_manager')).toBe(false);
    expect(contactsMaskedFor('admin')).toBe(false);
    expect(contactsMaskedFor('super_admin')).toBe(false);
  });
});

describe('reveal on the wire', () => {
  it('answers the field in snake_case', () => {
    expect(workerRevealResponseSchema.parse({ field: 'passport_no', value: 'M1' }).field).toBe('passport_no');
    expect(workerRevealResponseSchema.safeParse({ field: 'passportNo', value: 'M1' }).success).toBe(false);
  });

  it('still accepts either spelling in the request', () => {
    expect(workerRevealSchema.parse({ field: 'alien_reg_no', reason: '확인' }).field).toBe('alienRegNo');
    expect(workerRevealSchema.parse({ field: 'alienRegNo', reason: '확인' }).field).toBe('alienRegNo');
  });
});

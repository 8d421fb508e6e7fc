import { describe, expect, it } from 'vitest';
import {
  formatBusinessRegNo,
  formatPhone,
  isValidAlienRegNo,
  isValidBusinessRegNo,
  isValidMobilePhone,
  isValidPhone,
  isValidPostalCode,
  maskAccountNo,
  maskAlienRegNo,
  maskPassportNo,
} from './korean-ids';

describe('사업자등록번호', () => {
  it('accepts the documented example (docs/DOMAIN.md) with or without dashes', () => {
    expect(isValidBusinessRegNo('124-81-00998')).toBe(true);
    expect(isValidBusinessRegNo('1248100998')).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length and stray characters', () => {
    expect(isValidBusinessRegNo('124-81-00997')).toBe(false);
    expect(isValidBusinessRegNo('124-81-0099')).toBe(false);
    expect(isValidBusinessRegNo('124-81-00998-1')).toBe(false);
    expect(isValidBusinessRegNo('12a-81-00998')).toBe(false);
    expect(isValidBusinessRegNo('')).toBe(false);
  });

  it('accepts real registration numbers whose 9th digit makes p ≥ 10', () => {
    for (const number of ['220-81-62517', '120-81-47521', '120-88-00767', '104-81-37225']) {
      expect(isValidBusinessRegNo(number)).toBe(true);
    }
    expect(isValidBusinessRegNo('220-81-62516')).toBe(false);
  });

  it('formats as XXX-XX-XXXXX', () => {
    expect(formatBusinessRegNo('1248100998')).toBe('124-81-00998');
  });
});

describe('외국인등록번호', () => {
  it('needs 13 digits, a real birth date and a 7th digit of 5–8', () => {
    expect(isValidAlienRegNo('900101-5123456')).toBe(true);
    expect(isValidAlienRegNo('9602295123456')).toBe(true);
    expect(isValidAlienRegNo('000229-6123456')).toBe(false); // 1900-02-29 does not exist
    expect(isValidAlienRegNo('050229-7123456')).toBe(false); // 2005-02-29 does not exist
    expect(isValidAlienRegNo('040229-7123456')).toBe(true);
    expect(isValidAlienRegNo('901301-5123456')).toBe(false);
    expect(isValidAlienRegNo('900101-1123456')).toBe(false);
    expect(isValidAlienRegNo('900101-9123456')).toBe(false);
    expect(isValidAlienRegNo('900101-512345')).toBe(false);
  });

  it('masks to the birth date and gender digit', () => {
    expect(maskAlienRegNo('9001015123456')).toBe('900101-5******');
  });
});

describe('phones, postal codes and masks', () => {
  it('checks mobile numbers as 010 + 8 digits', () => {
    expect(isValidMobilePhone('010-1234-5678')).toBe(true);
    expect(isValidMobilePhone('01012345678')).toBe(true);
    expect(isValidMobilePhone('011-123-4567')).toBe(false);
    expect(isValidMobilePhone('010-1234-567')).toBe(false);
  });

  it('accepts landlines and representative numbers', () => {
    expect(isValidPhone('02-123-4567')).toBe(true);
    expect(isValidPhone('031-1234-5678')).toBe(true);
    expect(isValidPhone('1588-1234')).toBe(true);
    expect(isValidPhone('12345')).toBe(false);
  });

  it('formats phones with dashes', () => {
    expect(formatPhone('01012345678')).toBe('010-1234-5678');
    expect(formatPhone('0212345678')).toBe('02-1234-5678');
    expect(formatPhone('021234567')).toBe('02-123-4567');
    expect(formatPhone('0311234567')).toBe('031-123-4567');
    expect(formatPhone('15881234')).toBe('1588-1234');
  });

  it('checks postal codes as five digits', () => {
    expect(isValidPostalCode('06236')).toBe(true);
    expect(isValidPostalCode('6236')).toBe(false);
    expect(isValidPostalCode('062361')).toBe(false);
  });

  it('masks passports and accounts', () => {
    expect(maskPassportNo('M12345678')).toBe('M12****78');
    expect(maskAccountNo('110-123-456789')).toBe('********6789');
  });
});

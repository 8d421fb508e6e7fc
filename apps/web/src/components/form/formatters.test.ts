import { isValidBusinessRegNo, isValidMobilePhone, isValidPhone } from '@ilson/contracts';
import { describe, expect, it } from 'vitest';
import { typeAlienRegNo, typeBusinessRegNo, typePassportNo, typePhone, typePostalCode } from './formatters';

describe('as-you-type formatting', () => {
  it('dashes a 사업자등록번호 as it grows, and stops at 10 digits', () => {
    expect(typeBusinessRegNo('124')).toBe('124');
    expect(typeBusinessRegNo('12481')).toBe('124-81');
    expect(typeBusinessRegNo('124810')).toBe('124-81-0');
    expect(typeBusinessRegNo('124-81-009981234')).toBe('124-81-00998');
    expect(isValidBusinessRegNo(typeBusinessRegNo('1248100998'))).toBe(true);
  });

  it('dashes mobile, Seoul, area-code and representative numbers', () => {
    expect(typePhone('010')).toBe('010');
    expect(typePhone('0101234')).toBe('010-1234');
    expect(typePhone('01012345678')).toBe('010-1234-5678');
    expect(typePhone('010123456789')).toBe('010-1234-5678');
    expect(typePhone('0212345678')).toBe('02-1234-5678');
    expect(typePhone('021234567')).toBe('02-123-4567');
    expect(typePhone('0314001234')).toBe('031-400-1234');
    expect(typePhone('15881234')).toBe('1588-1234');
    expect(isValidMobilePhone(typePhone('01012345678'))).toBe(true);
    expect(isValidPhone(typePhone('0212345678'))).toBe(true);
  });

  it('formats the other identifiers', () => {
    expect(typeAlienRegNo('9504125123456')).toBe('950412-5123456');
    expect(typeAlienRegNo('950412')).toBe('950412');
    expect(typePostalCode('155-88a9')).toBe('15588');
    expect(typePassportNo('m12 345-678')).toBe('M12345678');
  });
});

import { ARC_GENDER_DIGITS } from './law/identity';

/** docs/DOMAIN.md identifier rules, used by forms and the server alike. */

const onlyDigits = (value: string) => value.replace(/\D/g, '');

const BIZ_WEIGHTS = [1, 3, 7, 1, 3, 7, 1, 3, 5] as const;

/** 사업자등록번호: 10 digits whose last is the check digit. Dashes and spaces are ignored. */
export function isValidBusinessRegNo(input: string): boolean {
  if (!/^[\d\s-]+$/.test(input)) return false;
  const digits = onlyDigits(input);
  if (digits.length !== 10) return false;
  const d = [...digits].map(Number);
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += d[i]! * BIZ_WEIGHTS[i]!;
  const p = d[8]! * BIZ_WEIGHTS[8]!;
  sum += p + Math.floor(p / 10);
  return (10 - (sum % 10)) % 10 === d[9];
}

export function formatBusinessRegNo(digits: string): string {
  const d = onlyDigits(digits);
  return d.length === 10 ? `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}` : digits;
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * 외국인등록번호: 13 digits, a real date in the first six, a 7th digit of the table (law/identity.ts: 5/6 born
 * 1900s, 7/8 born 2000s) whose century makes the date real.
 */
export function isValidAlienRegNo(input: string): boolean {
  if (!/^[\d\s-]+$/.test(input)) return false;
  const digits = onlyDigits(input);
  if (digits.length !== 13) return false;
  const row = ARC_GENDER_DIGITS.find((r) => r.digit === Number(digits[6]));
  if (!row) return false;
  const year = row.century + Number(digits.slice(0, 2));
  return isRealDate(year, Number(digits.slice(2, 4)), Number(digits.slice(4, 6)));
}

export function normalizeAlienRegNo(input: string): string {
  return onlyDigits(input);
}

/** `900101-5******`: birth date and gender digit stay, the rest is hidden. */
export function maskAlienRegNo(digits: string): string {
  const d = onlyDigits(digits);
  if (d.length !== 13) return '*'.repeat(Math.max(d.length, 6));
  return `${d.slice(0, 6)}-${d[6]}******`;
}

/** `M12****78`: the first three and last two characters stay. */
export function maskPassportNo(value: string): string {
  if (value.length <= 5) return '*'.repeat(value.length);
  return `${value.slice(0, 3)}${'*'.repeat(value.length - 5)}${value.slice(-2)}`;
}

/** Account numbers show their last four digits only. */
export function maskAccountNo(value: string): string {
  const d = onlyDigits(value);
  if (d.length <= 4) return '*'.repeat(d.length);
  return `${'*'.repeat(d.length - 4)}${d.slice(-4)}`;
}

/**
 * A phone number as a viewer sees it (docs/SECURITY.md): `010-****-5678`, the middle group hidden; a number of no
 * known shape keeps its last four digits only.
 */
export function maskPhone(value: string): string {
  const d = onlyDigits(value);
  if (d.length === 0) return '';
  const groups = formatPhone(d).split('-');
  if (groups.length === 3) return `${groups[0]}-${'*'.repeat(groups[1]!.length)}-${groups[2]}`;
  if (d.length <= 4) return '*'.repeat(d.length);
  const hidden = '*'.repeat(d.length - 4);
  return groups.length === 2 ? `${hidden}-${d.slice(-4)}` : `${hidden}${d.slice(-4)}`;
}

/** An email as a viewer sees it (docs/SECURITY.md): `a***@example.com`, the first character and the domain. */
export function maskEmail(value: string): string {
  if (value === '') return '';
  const at = value.lastIndexOf('@');
  if (at <= 0) return `${value.slice(0, 1)}***`;
  return `${value.slice(0, 1)}***${value.slice(at)}`;
}

/** Mobile: 010 + 8 digits. */
export function isValidMobilePhone(input: string): boolean {
  if (!/^[\d\s-]+$/.test(input)) return false;
  return /^010\d{8}$/.test(onlyDigits(input));
}

/** Any Korean phone: mobile, Seoul 02, area codes 03x–06x, 070 and 15xx/16xx/18xx representative numbers. */
export function isValidPhone(input: string): boolean {
  if (!/^[\d\s-]+$/.test(input)) return false;
  const d = onlyDigits(input);
  return (
    /^01[016789]\d{7,8}$/.test(d) ||
    /^02\d{7,8}$/.test(d) ||
    /^0[3-6][1-5]\d{7,8}$/.test(d) ||
    /^070\d{8}$/.test(d) ||
    /^1[568]\d{6}$/.test(d)
  );
}

export function formatPhone(digits: string): string {
  const d = onlyDigits(digits);
  if (/^1[568]\d{6}$/.test(d)) return `${d.slice(0, 4)}-${d.slice(4)}`;
  if (d.startsWith('02')) {
    return d.length === 9 ? `02-${d.slice(2, 5)}-${d.slice(5)}` : `02-${d.slice(2, 6)}-${d.slice(6)}`;
  }
  if (d.length === 11) return `${d.slice(0, 3)}-${d.slice(3, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
  return digits;
}

export function isValidPostalCode(input: string): boolean {
  return /^\d{5}$/.test(input);
}

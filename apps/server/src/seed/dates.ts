const DAY_MS = 86_400_000;
const SEOUL_OFFSET_MS = 9 * 3_600_000;

const digit = (text: string, at: number) => text.charCodeAt(at) - 48;

/**
 * `YYYY-MM-DD` → days since 1970-01-01, read digit by digit (no substrings, no Date parse): the generator does this
 * millions of times (docs/seed.md#generating-once-reading-several-times).
 */
export function toDay(date: string): number {
  const y = digit(date, 0) * 1000 + digit(date, 1) * 100 + digit(date, 2) * 10 + digit(date, 3);
  const m = digit(date, 5) * 10 + digit(date, 6);
  const d = digit(date, 8) * 10 + digit(date, 9);
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

/** The memo's first day: 1900-01-01 (births are the earliest dates the seed writes). */
const MEMO_FROM = -25_567;
const MEMO_DAYS = 100_000;
/** Filled up front so the array stays packed ('' marks a day not formatted yet). */
const formatted: string[] = new Array<string>(MEMO_DAYS).fill('');

/** Days since 1970-01-01 → `YYYY-MM-DD`, memoised by day in a flat array (a few tens of thousands of days). */
export function fromDay(day: number): string {
  const slot = day - MEMO_FROM;
  const known = formatted[slot];
  if (known) return known;
  const text = new Date(day * DAY_MS).toISOString().slice(0, 10);
  if (Number.isInteger(slot) && slot >= 0 && slot < MEMO_DAYS) formatted[slot] = text;
  return text;
}

export function addDays(date: string, days: number): string {
  return fromDay(toDay(date) + days);
}

/** An instant on a Seoul calendar day, `seconds` after its start (Seoul is UTC+9 without DST). */
export function instantOn(date: string, seconds: number): Date {
  return new Date(toDay(date) * DAY_MS - SEOUL_OFFSET_MS + seconds * 1000);
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The same calendar day `years` later (29 February → 1 March in a common year, as Date's setUTCFullYear does), for
 * the four-digit years the seed writes (1900 onwards).
 */
export function addYears(date: string, years: number): string {
  const year = digit(date, 0) * 1000 + digit(date, 1) * 100 + digit(date, 2) * 10 + digit(date, 3) + years;
  const monthDay = date.slice(5, 10);
  if (monthDay === '02-29' && !isLeapYear(year)) return `${year}-03-01`;
  return `${year}-${monthDay}`;
}

export const minDate = (a: string, b: string) => (a < b ? a : b);
export const maxDate = (a: string, b: string) => (a > b ? a : b);

/** The Seoul calendar day of an instant. */
export function seoulDateOf(instant: Date): string {
  return fromDay(Math.floor((instant.getTime() + SEOUL_OFFSET_MS) / DAY_MS));
}

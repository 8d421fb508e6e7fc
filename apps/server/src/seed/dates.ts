const DAY_MS = 86_400_000;
const SEOUL_OFFSET_MS = 9 * 3_600_000;

/** `YYYY-MM-DD` → days since 1970-01-01, without a Date parse (the generator does this millions of times). */
export function toDay(date: string): number {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  return Date.UTC(y, m - 1, d) / DAY_MS;
}

const formatted = new Map<number, string>();

/** Days since 1970-01-01 → `YYYY-MM-DD`, memoised (a few tens of thousands of distinct days at most). */
export function fromDay(day: number): string {
  let text = formatted.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    formatted.set(day, text);
  }
  return text;
}

export function addDays(date: string, days: number): string {
  return fromDay(toDay(date) + days);
}

/** An instant on a Seoul calendar day, `seconds` after its start (Seoul is UTC+9 without DST). */
export function instantOn(date: string, seconds: number): Date {
  return new Date(toDay(date) * DAY_MS - SEOUL_OFFSET_MS + seconds * 1000);
}

export function addYears(date: string, years: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
}

export const minDate = (a: string, b: string) => (a < b ? a : b);
export const maxDate = (a: string, b: string) => (a > b ? a : b);

/** The Seoul calendar day of an instant. */
export function seoulDateOf(instant: Date): string {
  return fromDay(Math.floor((instant.getTime() + SEOUL_OFFSET_MS) / DAY_MS));
}

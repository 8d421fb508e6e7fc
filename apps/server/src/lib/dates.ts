/** Calendar dates are Korean: "today" and date filters are taken in Asia/Seoul (UTC+9, no DST). */
const seoulDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Seoul, `YYYY-MM-DD`. */
export function seoulToday(now: Date = new Date()): string {
  return seoulDate.format(now);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The instant a Seoul calendar day starts. */
export function seoulDayStart(date: string): Date {
  return new Date(`${date}T00:00:00+09:00`);
}

export const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

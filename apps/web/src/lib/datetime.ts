import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/ko';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('ko');

export const DISPLAY_TIME_ZONE = 'Asia/Seoul';

/** Timestamps travel in UTC and are shown in Korean time. */
export function formatDateTime(value: string | Date): string {
  const time = dayjs(value);
  return time.isValid() ? time.tz(DISPLAY_TIME_ZONE).format('YYYY-MM-DD HH:mm') : '';
}

/** Today's date in Korea, `YYYY-MM-DD`: what "days left" counts from. */
export function todayInSeoul(): string {
  return dayjs().tz(DISPLAY_TIME_ZONE).format('YYYY-MM-DD');
}

/** Whole days from today (Korea) to a `YYYY-MM-DD` date; negative once it has passed. */
export function daysUntil(date: string, today = todayInSeoul()): number {
  return dayjs(date).diff(dayjs(today), 'day');
}

/** A date-only value from the wire, for a date picker. */
export function parseDate(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const date = dayjs(value);
  return date.isValid() ? date : null;
}

/** A date picker's value as the wire's `YYYY-MM-DD` (never a timestamp: the day must not shift). */
export function toDateString(value: Dayjs | null | undefined): string | null {
  return value?.isValid() ? value.format('YYYY-MM-DD') : null;
}

/** A timestamp's day in Korea (`등록일` columns). */
export function formatDay(value: string | Date): string {
  const time = dayjs(value);
  return time.isValid() ? time.tz(DISPLAY_TIME_ZONE).format('YYYY-MM-DD') : '';
}

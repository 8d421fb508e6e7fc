import dayjs from 'dayjs';
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

import dayjs from 'dayjs';
import { formatDay } from '../../lib/datetime';

/** Whole days since a record was made, counted on the Seoul calendar from the dashboard's `today`. */
export function waitingDays(createdAt: string, today: string): number {
  return dayjs(today).diff(formatDay(createdAt), 'day');
}

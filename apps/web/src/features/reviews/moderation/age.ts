import dayjs from 'dayjs';

/** How long ago, the way a Korean back office says it: 방금, 5분 전, 3시간 전, 2일 전, then the date. */
export function ageOf(iso: string, now = dayjs()): string {
  const at = dayjs(iso);
  const minutes = now.diff(at, 'minute');
  if (minutes < 1) return '방금';
  if (minutes < 60) return `${minutes}분 전`;
  const hours = now.diff(at, 'hour');
  if (hours < 24) return `${hours}시간 전`;
  const days = now.diff(at, 'day');
  if (days < 30) return `${days}일 전`;
  return at.format('YYYY-MM-DD');
}

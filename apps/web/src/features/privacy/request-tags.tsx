import {
  PRIVACY_REQUEST_STATUS_LABELS,
  type PrivacyRequest,
  type PrivacyRequestStatus,
} from '@ilson/contracts';
import { Flex, Tag } from 'antd';
import dayjs from 'dayjs';
import { todayInSeoul } from '../../lib/datetime';
import { koPrivacy } from '../../locales/ko/privacy';

const t = koPrivacy.requests;

const STATUS_COLORS: Record<PrivacyRequestStatus, string> = {
  received: 'blue',
  in_progress: 'processing',
  completed: 'success',
  rejected: 'default',
};

export function RequestStatusTag({ status }: { status: PrivacyRequestStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{PRIVACY_REQUEST_STATUS_LABELS[status]}</Tag>;
}

/** The deadline as staff read it: D-n while open, 기한 지남 in red once past, the date alone once closed. */
export function DueTag({ request }: { request: PrivacyRequest }) {
  if (request.status === 'completed' || request.status === 'rejected') return <span>{request.dueDate}</span>;
  const left = dayjs(request.dueDate).diff(dayjs(todayInSeoul()), 'day');
  return (
    <Flex gap={6} align="center" wrap>
      <span>{request.dueDate}</span>
      {request.overdue ? (
        <Tag color="error">{t.overdue}</Tag>
      ) : (
        <Tag color={left <= 2 ? 'warning' : 'default'}>{t.daysLeft(left)}</Tag>
      )}
    </Flex>
  );
}

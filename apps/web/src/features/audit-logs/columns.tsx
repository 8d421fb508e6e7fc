import {
  AUDIT_ACTION_LABELS,
  type AuditAction,
  type AuditLogRow,
  auditTargetTypeLabel,
} from '@ilson/contracts';
import { Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { AdminName } from '../../components/admin-name';
import { DISPLAY_TIME_ZONE } from '../../lib/datetime';
import { koAudit } from '../../locales/ko/audit-logs';
import { koKit } from '../../locales/ko/kit';

const t = koAudit;
const none = koKit.common.none;

export const ACTION_COLORS: Record<AuditAction, string> = {
  LOGIN: 'default',
  LOGOUT: 'default',
  LOGIN_FAILED: 'orange',
  VIEW_PII: 'cyan',
  CREATE: 'green',
  UPDATE: 'blue',
  DELETE: 'red',
  EXPORT: 'purple',
  REVEAL: 'volcano',
  PERMISSION_CHANGE: 'magenta',
  SETTINGS_CHANGE: 'gold',
  SECURITY_CHANGE: 'geekblue',
  DESTROY: 'red',
};

/** The log is read to the second: `2025-03-01 23:59:59` in Korean time. */
export function formatLogTime(value: string): string {
  const time = dayjs(value);
  return time.isValid() ? time.tz(DISPLAY_TIME_ZONE).format('YYYY-MM-DD HH:mm:ss') : '';
}

export function ActionTag({ action }: { action: AuditAction }) {
  return (
    <Tag color={ACTION_COLORS[action]} style={{ marginInlineEnd: 0 }}>
      {AUDIT_ACTION_LABELS[action] ?? action}
    </Tag>
  );
}

/** `근로자 #77`, or only the type when the row names no single record (a list export). */
export function targetText(row: Pick<AuditLogRow, 'targetType' | 'targetId'>): string {
  const type = auditTargetTypeLabel(row.targetType);
  if (!type && !row.targetId) return none;
  return [type, row.targetId ? `#${row.targetId}` : ''].filter(Boolean).join(' ');
}

const SUMMARY_WIDTH = 320;
/** One line at most SUMMARY_WIDTH wide whatever the table's layout, cut with an ellipsis. */
const oneLine = {
  display: 'block',
  maxWidth: SUMMARY_WIDTH - 16,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/** A summary cut to its column's width, whole in a tooltip (a change can name many fields). */
function Summary({ text }: { text: string }) {
  if (!text) return none;
  return (
    <Tooltip title={text} placement="topLeft">
      <span style={oneLine}>{text}</span>
    </Tooltip>
  );
}

/**
 * Every column has a width, so the table is as wide as their sum: on a narrow screen it scrolls inside its card, the
 * page never sideways (docs/access-log.md#how-a-row-reads).
 */
export const auditLogColumns: ColumnsType<AuditLogRow> = [
  {
    title: t.columns.createdAt,
    dataIndex: 'createdAt',
    width: 170,
    render: (value: string) => formatLogTime(value),
  },
  {
    title: t.columns.actor,
    key: 'actor',
    width: 150,
    render: (_value, row) => <AdminName name={row.actorName} loginId={row.actorLoginId} />,
  },
  {
    title: t.columns.action,
    dataIndex: 'action',
    width: 120,
    render: (action: AuditAction) => <ActionTag action={action} />,
  },
  {
    title: t.columns.target,
    key: 'target',
    width: 130,
    render: (_value, row) => targetText(row),
  },
  {
    title: t.columns.summary,
    dataIndex: 'summary',
    width: SUMMARY_WIDTH,
    render: (summary: string) => <Summary text={summary} />,
  },
  {
    title: t.columns.ip,
    dataIndex: 'ip',
    width: 130,
    render: (ip: string | null) => ip ?? none,
  },
];

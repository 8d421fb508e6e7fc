import {
  AUDIT_ACTION_LABELS,
  type AuditAction,
  type AuditLogRow,
  auditTargetTypeLabel,
  SETTINGS_LABELS,
} from '@ilson/contracts';
import { Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { DISPLAY_TIME_ZONE } from '../../lib/datetime';
import { koUsers } from '../../locales/ko/app-users';
import { koAudit } from '../../locales/ko/audit-logs';
import { koBranches } from '../../locales/ko/branches';
import { koEmployers } from '../../locales/ko/employers';
import { koJobPosts } from '../../locales/ko/job-posts';
import { koKit } from '../../locales/ko/kit';
import { koMatchings } from '../../locales/ko/matchings';
import { koNotices } from '../../locales/ko/notices';
import { koPayouts } from '../../locales/ko/payouts';
import { koResumes } from '../../locales/ko/resumes';
import { koReviews } from '../../locales/ko/reviews';
import { koWorkers } from '../../locales/ko/workers';

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

export function ActorCell({
  row,
}: {
  row: Pick<AuditLogRow, 'actorName' | 'actorLoginId' | 'actorAdminId'>;
}) {
  if (!row.actorLoginId && row.actorAdminId === null) {
    return <Typography.Text type="secondary">{t.system}</Typography.Text>;
  }
  return (
    <Flex vertical>
      <span>{row.actorName ?? row.actorLoginId}</span>
      {row.actorName && row.actorLoginId && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {row.actorLoginId}
        </Typography.Text>
      )}
    </Flex>
  );
}

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
    render: (_value, row) => <ActorCell row={row} />,
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
    width: 140,
    render: (_value, row) => targetText(row),
  },
  {
    title: t.columns.summary,
    dataIndex: 'summary',
    ellipsis: { showTitle: true },
    render: (summary: string) => summary || none,
  },
  {
    title: t.columns.ip,
    dataIndex: 'ip',
    width: 140,
    render: (ip: string | null) => ip ?? none,
  },
];

type Labels = Readonly<Record<string, unknown>>;

/** The Korean names of a record type's fields, for the diff's rows. */
const FIELD_LABELS: Readonly<Record<string, Labels>> = {
  employer: koEmployers.fields,
  worker: koWorkers.fields,
  branch: koBranches.fields,
  job_post: koJobPosts.fields,
  resume: koResumes.fields,
  matching: koMatchings.fields,
  notice: koNotices.fields,
  review: koReviews.fields,
  app_user: koUsers.fields,
  payout: koPayouts.fields,
  settings: SETTINGS_LABELS,
  audit_review: {
    period: t.reviews.period,
    reviewedAt: t.reviews.reviewedAt,
    reviewerAdminId: t.reviews.reviewer,
    findings: t.reviews.findings,
    actionsTaken: t.reviews.actionsTaken,
  },
};

export function fieldLabel(targetType: string | null, field: string): string {
  const label = targetType ? FIELD_LABELS[targetType]?.[field] : undefined;
  return typeof label === 'string' ? label : field;
}

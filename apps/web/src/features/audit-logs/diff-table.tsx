import { type AuditLogDetail, SETTINGS_LABELS } from '@ilson/contracts';
import { Empty, Table, Typography } from 'antd';
import { type Change, changeLabel, changeValue, readChanges } from '../../components/detail/changes';
import { koAdmins } from '../../locales/ko/admins';
import { koUsers } from '../../locales/ko/app-users';
import { koAudit } from '../../locales/ko/audit-logs';
import { koBranches } from '../../locales/ko/branches';
import { koEmployers } from '../../locales/ko/employers';
import { koJobPosts } from '../../locales/ko/job-posts';
import { koMatchings } from '../../locales/ko/matchings';
import { koNotices } from '../../locales/ko/notices';
import { koPayouts } from '../../locales/ko/payouts';
import { koResumes } from '../../locales/ko/resumes';
import { koReviews } from '../../locales/ko/reviews';
import { koWorkers } from '../../locales/ko/workers';

const t = koAudit.drawer;

type Labels = Readonly<Record<string, unknown>>;

/** The Korean names a record type's own screens give its fields; the rest take the shared ones (FIELD_LABELS). */
const TYPE_FIELD_LABELS: Readonly<Record<string, Labels>> = {
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
  admin: koAdmins.fields,
  settings: SETTINGS_LABELS,
  audit_review: {
    period: koAudit.reviews.period,
    reviewedAt: koAudit.reviews.reviewedAt,
    reviewerAdminId: koAudit.reviews.reviewer,
    findings: koAudit.reviews.findings,
    actionsTaken: koAudit.reviews.actionsTaken,
  },
};

/** A field of a log row by its Korean name (docs/access-log.md#how-a-row-reads). */
export function fieldLabel(targetType: string | null, field: string): string {
  return changeLabel(field, targetType ? TYPE_FIELD_LABELS[targetType] : undefined);
}

type Row = Change & { label: string };

/** Whether the diff only records what was done (an export's filters): no "before" anywhere. */
export function isRecordOnly(diff: unknown): boolean {
  return readChanges(diff).every((change) => change.before === undefined);
}

/**
 * The row's `diff` as a table: field, 변경 전, 변경 후, each field by its label and each value as a person reads it.
 * A diff with no "before" anywhere (an export's filters, a login's details) is what was recorded, shown as field and
 * value.
 */
export function DiffTable({ log }: { log: Pick<AuditLogDetail, 'diff' | 'targetType'> }) {
  const rows: Row[] = readChanges(log.diff).map((change) => ({
    ...change,
    label: fieldLabel(log.targetType, change.field),
  }));
  if (rows.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noChanges} />;
  }
  const recorded = isRecordOnly(log.diff);
  const cell = (value: unknown, row: Row) => (
    <Typography.Text style={{ wordBreak: 'break-word' }}>
      {changeValue(value, row.field, log.targetType)}
    </Typography.Text>
  );
  return (
    <Table<Row>
      aria-label={recorded ? t.conditions : t.changes}
      rowKey="field"
      size="small"
      bordered
      pagination={false}
      dataSource={rows}
      columns={[
        { title: t.field, dataIndex: 'label', width: 140 },
        ...(recorded
          ? [{ title: t.value, dataIndex: 'after', render: cell }]
          : [
              { title: t.before, dataIndex: 'before', render: cell },
              { title: t.after, dataIndex: 'after', render: cell },
            ]),
      ]}
    />
  );
}

import { CheckCircleFilled } from '@ant-design/icons';
import {
  ACCESS_FINDING_KIND_LABELS,
  type AccessFinding,
  type AccessFindingAck,
  type AccessFindingKind,
  accessFindingAckSchema,
} from '@ilson/contracts';
import { Button, Card, DatePicker, Divider, Empty, Flex, Grid, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCan } from '../../auth/permissions';
import { useSession } from '../../auth/session-context';
import { AdminName, adminLabel } from '../../components/admin-name';
import { NoteDialog } from '../../components/form/note-dialog';
import { DISPLAY_TIME_ZONE, formatDateTime, todayInSeoul } from '../../lib/datetime';
import { koAudit } from '../../locales/ko/audit-logs';
import { koKit } from '../../locales/ko/kit';
import { useAccessFindings, useAcknowledgeFinding } from './api';

const t = koAudit.findings;

const KIND_COLORS: Record<AccessFindingKind, string> = {
  volume: 'red',
  off_hours: 'purple',
  vague_export_reason: 'orange',
  new_ip: 'geekblue',
};

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function withParam(params: URLSearchParams, name: string, value: string) {
  const next = new URLSearchParams(params);
  next.set(name, value);
  return next.toString();
}

/** The month a review at the start of a month looks back on: the one before this (in Korea). */
const lastMonth = () => dayjs().tz(DISPLAY_TIME_ZONE).subtract(1, 'month').format('YYYY-MM');

function AcknowledgeForm({ finding, onClose }: { finding: AccessFinding; onClose(): void }) {
  const acknowledge = useAcknowledgeFinding();
  const who = adminLabel({ name: finding.adminName, loginId: finding.adminLoginId });
  return (
    <NoteDialog
      texts={t}
      maxLength={2000}
      schema={accessFindingAckSchema}
      body={(note) => ({ period: finding.period, kind: finding.kind, adminId: finding.adminId, note })}
      saving={acknowledge.isPending}
      save={(body) => acknowledge.mutateAsync(body as AccessFindingAck)}
      onClose={onClose}
    >
      <Flex vertical gap={4} style={{ marginBottom: 16 }}>
        <Typography.Text strong>
          {finding.period} · {ACCESS_FINDING_KIND_LABELS[finding.kind]} · {who}
        </Typography.Text>
        <Typography.Text type="secondary">{finding.description}</Typography.Text>
      </Flex>
    </NoteDialog>
  );
}

function FindingText({ finding, searchParams }: { finding: AccessFinding; searchParams: URLSearchParams }) {
  return (
    <Flex vertical gap={4}>
      <span style={{ wordBreak: 'break-word' }}>{finding.description}</span>
      {finding.logIds.length > 0 && (
        <Flex gap={8} wrap>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t.logs}
          </Typography.Text>
          {finding.logIds.map((id) => (
            <Link
              key={id}
              to={{ search: withParam(searchParams, 'log', String(id)) }}
              style={{ fontSize: 12 }}
            >
              {t.logLink(id)}
            </Link>
          ))}
        </Flex>
      )}
    </Flex>
  );
}

const KindTag = ({ kind }: { kind: AccessFindingKind }) => (
  <Tag color={KIND_COLORS[kind]}>{ACCESS_FINDING_KIND_LABELS[kind]}</Tag>
);

function Acknowledgement({
  finding,
  onAcknowledge,
  own,
}: {
  finding: AccessFinding;
  onAcknowledge?(): void;
  own: boolean;
}) {
  const ack = finding.acknowledgement;
  if (!ack) {
    const reopened = finding.reopened && (
      <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-word' }}>
        {t.reopened(finding.reopened.reason)}
      </Typography.Text>
    );
    if (own) {
      return (
        <Flex vertical gap={2}>
          <Tag color="warning">{t.ownFinding}</Tag>
          {reopened}
        </Flex>
      );
    }
    const action = onAcknowledge ? (
      <Button
        size="small"
        onClick={onAcknowledge}
        aria-label={t.acknowledgeLabel(
          ACCESS_FINDING_KIND_LABELS[finding.kind],
          adminLabel({ name: finding.adminName, loginId: finding.adminLoginId }),
        )}
      >
        {t.acknowledge}
      </Button>
    ) : (
      <Tag color="warning">{t.open}</Tag>
    );
    return reopened ? (
      <Flex vertical gap={2} align="flex-start">
        {action}
        {reopened}
      </Flex>
    ) : (
      action
    );
  }
  return (
    <Flex vertical gap={2}>
      <Typography.Text type="success">
        <CheckCircleFilled style={{ marginInlineEnd: 4 }} />
        {t.acknowledged}
      </Typography.Text>
      <Typography.Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {ack.note}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t.by(adminLabel({ name: ack.byName, loginId: ack.byLoginId }), formatDateTime(ack.at))}
      </Typography.Text>
    </Flex>
  );
}

/**
 * 자동 점검 결과 (docs/privacy-lifecycle.md#access-review): the month's findings from the access log, each to be
 * acknowledged once with a note. The month is kept in the address (`?tab=reviews&period=2026-10`).
 */
export function AccessFindings() {
  const can = useCan();
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('period') ?? '';
  const period = MONTH.test(asked) ? asked : lastMonth();
  const result = useAccessFindings(period);
  const [acknowledging, setAcknowledging] = useState<AccessFinding | null>(null);
  const findings = result.data?.data ?? [];
  const open = findings.filter((f) => !f.acknowledgement).length;
  const canAcknowledge = can('audit_logs:review');
  // Maker–checker (docs/privacy-lifecycle.md#access-review): a finding about me is acknowledged by someone else.
  const me = useSession().user?.id;
  // A phone reads each finding as a card: the table's four columns do not fit beside each other.
  const phone = Grid.useBreakpoint().md === false;
  const onAcknowledge = (row: AccessFinding) =>
    canAcknowledge && row.adminId !== me ? () => setAcknowledging(row) : undefined;

  const columns: ColumnsType<AccessFinding> = [
    {
      title: t.kind,
      dataIndex: 'kind',
      width: 150,
      render: (kind: AccessFindingKind) => <KindTag kind={kind} />,
    },
    {
      title: t.admin,
      key: 'admin',
      width: 140,
      render: (_value, row) => <AdminName name={row.adminName} loginId={row.adminLoginId} />,
    },
    {
      title: t.description,
      key: 'description',
      render: (_value, row) => <FindingText finding={row} searchParams={searchParams} />,
    },
    {
      title: t.status,
      key: 'acknowledgement',
      width: 240,
      render: (_value, row) => (
        <Acknowledgement finding={row} onAcknowledge={onAcknowledge(row)} own={row.adminId === me} />
      ),
    },
  ];

  return (
    <Card
      title={t.title}
      style={{ marginBottom: 16 }}
      extra={
        findings.length > 0 && (
          <Typography.Text type={open > 0 ? 'warning' : 'secondary'}>
            {t.summary(open, findings.length)}
          </Typography.Text>
        )
      }
    >
      <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0, flex: '1 1 480px' }}>
          {t.intro}
        </Typography.Paragraph>
        <DatePicker
          picker="month"
          format="YYYY-MM"
          allowClear={false}
          aria-label={t.month}
          value={dayjs(`${period}-01`)}
          disabledDate={(date) => date.format('YYYY-MM') > todayInSeoul().slice(0, 7)}
          onChange={(value) => {
            if (!value) return;
            setSearchParams(withParam(searchParams, 'period', value.format('YYYY-MM')), { replace: true });
          }}
        />
      </Flex>
      {phone && !result.isError && findings.length > 0 ? (
        <ul aria-label={t.title} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {findings.map((row, index) => (
            <li key={`${row.kind}:${row.adminId}`}>
              {index > 0 && <Divider style={{ margin: '12px 0' }} />}
              <Flex vertical gap={8}>
                <Flex justify="space-between" align="center" gap={8} wrap>
                  <KindTag kind={row.kind} />
                  <AdminName name={row.adminName} loginId={row.adminLoginId} />
                </Flex>
                <FindingText finding={row} searchParams={searchParams} />
                <Acknowledgement finding={row} onAcknowledge={onAcknowledge(row)} own={row.adminId === me} />
              </Flex>
            </li>
          ))}
        </ul>
      ) : (
        <Table<AccessFinding>
          aria-label={t.title}
          rowKey={(row) => `${row.kind}:${row.adminId}`}
          size="middle"
          columns={columns}
          dataSource={findings}
          loading={result.isFetching}
          scroll={{ x: 760 }}
          pagination={false}
          locale={{
            emptyText: result.isError ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={koKit.detail.errorTitle}>
                <Button onClick={() => void result.refetch()}>{koKit.common.retry}</Button>
              </Empty>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} />
            ),
          }}
        />
      )}
      {acknowledging && <AcknowledgeForm finding={acknowledging} onClose={() => setAcknowledging(null)} />}
    </Card>
  );
}

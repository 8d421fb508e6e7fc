import {
  formatPhone,
  nationalityLabel,
  VISA_TYPE_LABELS,
  type VisaStatus,
  type VisaType,
  WORKER_STATUS_LABELS,
  type Worker,
  type WorkerStatus,
} from '@ilson/contracts';
import { Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { type StatusColor, StatusTag } from '../../components/status-tag';
import { VisaValidityTag } from '../../components/visa-validity-tag';
import { daysUntil } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
import { koKit } from '../../locales/ko/kit';
import { koWorkers } from '../../locales/ko/workers';

const t = koWorkers;
const f = t.fields;
const none = koKit.common.none;

export const WORKER_STATUS_COLORS: Record<WorkerStatus, StatusColor> = {
  seeking: 'blue',
  matched: 'cyan',
  working: 'green',
  inactive: 'default',
  departed: 'purple',
};

export function WorkerStatusTag({ status }: { status: WorkerStatus }) {
  return <StatusTag status={status} labels={WORKER_STATUS_LABELS} colors={WORKER_STATUS_COLORS} />;
}

export const workerPath = (worker: Pick<Worker, 'id'>) => screenHref('worker-detail', { id: worker.id });

type Named = Pick<Worker, 'nameKo' | 'firstName' | 'lastName'>;

/** Passport order: SURNAME Given names. */
export const latinName = (worker: Named) => `${worker.lastName} ${worker.firstName}`.trim();
export const displayName = (worker: Named) => worker.nameKo || latinName(worker);

/** Urgency of a visa's days left: overdue red, ≤30 volcano, ≤60 gold, ≤120 blue, then plain. */
export function dDayColor(days: number): StatusColor {
  if (days < 0) return 'red';
  if (days <= 30) return 'volcano';
  if (days <= 60) return 'gold';
  if (days <= 120) return 'blue';
  return 'default';
}

export function dDayLabel(days: number): string {
  if (days === 0) return t.dDay.today;
  return days > 0 ? t.dDay.left(days) : t.dDay.over(-days);
}

export function DdayTag({ days }: { days: number }) {
  return (
    <Tag color={dDayColor(days)} style={{ marginInlineEnd: 0, fontVariantNumeric: 'tabular-nums' }}>
      {dDayLabel(days)}
    </Tag>
  );
}

/** A visa expiry date with its D-day. */
export function VisaExpiry({ date, days }: { date: string | null; days?: number }) {
  if (!date) return <>{none}</>;
  return (
    <Flex gap={6} align="center" wrap={false}>
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{date}</span>
      <DdayTag days={days ?? daysUntil(date)} />
    </Flex>
  );
}

export function WorkerName({ worker, link }: { worker: Named & Pick<Worker, 'id'>; link?: boolean }) {
  const main = displayName(worker);
  const sub = worker.nameKo ? latinName(worker) : '';
  return (
    <Flex vertical style={{ lineHeight: 1.35 }}>
      {link ? <Link to={workerPath(worker)}>{main}</Link> : <span>{main}</span>}
      {sub && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {sub}
        </Typography.Text>
      )}
    </Flex>
  );
}

export const showMobile = (phone: string) => (phone ? formatPhone(phone) : none);
export const showNationality = (code: string) => nationalityLabel(code);
export const showVisaType = (type: VisaType) => <Tag style={{ marginInlineEnd: 0 }}>{type}</Tag>;

/** The visa type, and beside it the visa's standing today unless it is simply valid. */
export function VisaTypeCell({ type, validity }: { type: VisaType; validity: VisaStatus }) {
  return (
    <Flex gap={4} wrap={false} align="center">
      <span title={VISA_TYPE_LABELS[type]}>{showVisaType(type)}</span>
      {validity !== 'valid' && <VisaValidityTag validity={validity} />}
    </Flex>
  );
}

export const workerColumns: ColumnsType<Worker> = [
  {
    title: f.name,
    key: 'last_name',
    sorter: true,
    fixed: 'left',
    render: (_, worker) => <WorkerName worker={worker} link />,
  },
  {
    title: f.nationality,
    dataIndex: 'nationality',
    key: 'nationality',
    sorter: true,
    render: showNationality,
  },
  {
    title: f.visaType,
    dataIndex: 'visaType',
    render: (type: VisaType, worker) => <VisaTypeCell type={type} validity={worker.visaValidity} />,
  },
  {
    title: f.visaExpiryDate,
    dataIndex: 'visaExpiryDate',
    key: 'visa_expiry_date',
    sorter: true,
    render: (date: string | null) => <VisaExpiry date={date} />,
  },
  { title: f.phoneNumber, dataIndex: 'phoneNumber', render: showMobile },
  {
    title: f.alienRegNo,
    dataIndex: 'alienRegNo',
    render: (value: string | null) => <Typography.Text code>{value ?? none}</Typography.Text>,
  },
  { title: f.branchId, dataIndex: 'branchName', render: (name: string | null) => name ?? none },
  {
    title: f.status,
    dataIndex: 'status',
    align: 'center',
    render: (status: WorkerStatus) => <WorkerStatusTag status={status} />,
  },
];

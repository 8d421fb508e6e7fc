import {
  EXTENSION_STATUS_LABELS,
  type ExtensionStatus,
  type VisaExpiryRow,
  type VisaType,
} from '@ilson/contracts';
import { Button, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type StatusColor, StatusTag } from '../../components/status-tag';
import { koKit } from '../../locales/ko/kit';
import { koVisaExpiry, koWorkers } from '../../locales/ko/workers';
import { DdayTag, showMobile, showNationality, VisaTypeCell, WorkerName, WorkerStatusTag } from './columns';

const t = koWorkers;
const f = t.fields;
const none = koKit.common.none;

export const EXTENSION_STATUS_COLORS: Record<ExtensionStatus, StatusColor> = {
  none: 'default',
  applied: 'processing',
  approved: 'success',
};

export function visaExpiryColumns(onExtension?: (row: VisaExpiryRow) => void): ColumnsType<VisaExpiryRow> {
  const columns: ColumnsType<VisaExpiryRow> = [
    { title: f.name, key: 'name', fixed: 'left', render: (_, row) => <WorkerName worker={row} link /> },
    {
      title: koVisaExpiry.daysLeft,
      dataIndex: 'daysLeft',
      align: 'center',
      render: (days: number) => <DdayTag days={days} />,
    },
    {
      title: f.visaExpiryDate,
      dataIndex: 'visaExpiryDate',
      render: (date: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{date}</span>,
    },
    { title: f.nationality, dataIndex: 'nationality', render: showNationality },
    {
      title: f.visaType,
      dataIndex: 'visaType',
      render: (type: VisaType, row) => <VisaTypeCell type={type} validity={row.visaValidity} />,
    },
    {
      title: f.extensionStatus,
      dataIndex: 'extensionStatus',
      render: (status: ExtensionStatus, row) => {
        const dates = koVisaExpiry.extensionDates(row.extensionAppliedAt, row.extensionApprovedAt);
        return (
          <Flex vertical gap={2} align="flex-start">
            <StatusTag status={status} labels={EXTENSION_STATUS_LABELS} colors={EXTENSION_STATUS_COLORS} />
            {dates && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {dates}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
    { title: f.phoneNumber, dataIndex: 'phoneNumber', render: showMobile },
    { title: f.branchId, dataIndex: 'branchName', render: (name: string | null) => name ?? none },
    {
      title: f.status,
      dataIndex: 'status',
      align: 'center',
      render: (status) => <WorkerStatusTag status={status} />,
    },
  ];
  if (onExtension) {
    columns.push({
      title: t.extension.update,
      key: 'action',
      fixed: 'right',
      align: 'center',
      render: (_, row) => (
        <Button size="small" onClick={() => onExtension(row)}>
          {row.extensionStatus === 'applied' ? t.extension.approve : t.extension.apply}
        </Button>
      ),
    });
  }
  return columns;
}

import {
  BIZ_ENTITY_TYPE_LABELS,
  type Employer,
  formatBusinessRegNo,
  INDUSTRY_LABELS,
} from '@ilson/contracts';

import { InfoSection } from '../../components/detail/info-section';
import { formatDateTime } from '../../lib/datetime';
import { koEmployers } from '../../locales/ko/employers';
import { koKit } from '../../locales/ko/kit';
import { EmployerStatusTag, showPhone } from './columns';

const t = koEmployers;
const f = t.fields;
const none = koKit.common.none;
const people = koKit.common.people;

/** Every field of an employer, in the form's sections, plus the approval record. */
export function EmployerInfo({ employer: e }: { employer: Employer }) {
  const address = [e.zipCode && `(${e.zipCode})`, e.roadAddress, e.addressDetail].filter(Boolean).join(' ');
  return (
    <>
      <InfoSection
        title={t.sections.business}
        items={[
          { key: 'companyName', label: f.companyName, children: e.companyName },
          { key: 'businessRegNo', label: f.businessRegNo, children: formatBusinessRegNo(e.businessRegNo) },
          { key: 'ceoName', label: f.ceoName, children: e.ceoName },
          { key: 'bizEntityType', label: f.bizEntityType, children: BIZ_ENTITY_TYPE_LABELS[e.bizEntityType] },
          { key: 'industry', label: f.industry, children: INDUSTRY_LABELS[e.industry] },
          { key: 'openingDate', label: f.openingDate, children: e.openingDate ?? none },
        ]}
      />
      <InfoSection
        title={t.sections.address}
        items={[
          { key: 'region', label: f.region, children: e.region },
          { key: 'phone', label: f.phone, children: showPhone(e.phone) },
          { key: 'address', label: f.roadAddress, span: 'filled', children: address || none },
          { key: 'email', label: f.email, children: e.email || none },
        ]}
      />
      <InfoSection
        title={t.sections.manager}
        items={[
          { key: 'managerName', label: f.managerName, children: e.managerName || none },
          { key: 'managerPhone', label: f.managerPhone, children: showPhone(e.managerPhone) },
          { key: 'employeeCount', label: f.employeeCount, children: people(e.employeeCount) },
          { key: 'foreignWorkerCount', label: f.foreignWorkerCount, children: people(e.foreignWorkerCount) },
        ]}
      />
      <InfoSection
        title={t.sections.approval}
        items={[
          { key: 'status', label: f.status, children: <EmployerStatusTag status={e.status} /> },
          {
            key: 'statusChangedAt',
            label: f.statusChangedAt,
            children: e.statusChangedAt ? formatDateTime(e.statusChangedAt) : none,
          },
          {
            key: 'approvedAt',
            label: f.approvedAt,
            children: e.approvedAt ? formatDateTime(e.approvedAt) : none,
          },
          { key: 'approvedBy', label: f.approvedBy, children: e.approvedByName ?? none },
          { key: 'statusReason', label: f.statusReason, span: 'filled', children: e.statusReason || none },
        ]}
      />
      <InfoSection
        title={t.sections.admin}
        items={[
          { key: 'branch', label: f.branchId, children: e.branchName ?? none },
          { key: 'createdAt', label: koKit.detail.createdAt, children: formatDateTime(e.createdAt) },
          {
            key: 'adminMemo',
            label: f.adminMemo,
            span: 'filled',
            children: <span style={{ whiteSpace: 'pre-wrap' }}>{e.adminMemo || none}</span>,
          },
          { key: 'updatedAt', label: koKit.detail.updatedAt, children: formatDateTime(e.updatedAt) },
        ]}
      />
    </>
  );
}

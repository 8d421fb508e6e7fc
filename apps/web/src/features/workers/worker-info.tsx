import {
  EXTENSION_STATUS_LABELS,
  employmentPeriod,
  GENDER_LABELS,
  INDUSTRY_LABELS,
  KOREAN_LEVEL_LABELS,
  nationalityLabel,
  STUDY_COURSE_LABELS,
  studentHoursLimit,
  VISA_TYPE_LABELS,
  type Worker,
} from '@ilson/contracts';
import { Button, Flex, Tag, Typography } from 'antd';
import { InfoSection } from '../../components/detail/info-section';
import { LegalBasisNote } from '../../components/legal-basis';
import { VisaValidityTag } from '../../components/visa-validity-tag';
import { formatDateTime, todayInSeoul } from '../../lib/datetime';
import { koKit } from '../../locales/ko/kit';
import { koWorkers } from '../../locales/ko/workers';
import { latinName, showMobile, VisaExpiry, WorkerStatusTag } from './columns';
import { IdentityWarnings } from './identity-fields';
import { PiiValue } from './pii-value';

const t = koWorkers;
const f = t.fields;
const none = koKit.common.none;

type WorkerInfoProps = { worker: Worker; onExtension?: () => void };

/**
 * The 취업활동 기간 as the rule engine computes it (docs/law-as-data.md#employment-period): its end, and the 재고용
 * request deadline while no 재고용 is recorded, each with its legal basis. Other visas show the stored end.
 */
function employmentPeriodItems(w: Worker) {
  const period = employmentPeriod(w, todayInSeoul());
  if (!period) {
    return [
      {
        key: 'employmentPeriodEndDate',
        label: f.employmentPeriodEndDate,
        children: w.employmentPeriodEndDate ?? none,
      },
    ];
  }
  return [
    {
      key: 'employmentPeriodEndDate',
      label: f.employmentPeriodEndDate,
      children: (
        <Flex vertical gap={2} align="flex-start">
          <span>
            {period.end}
            {period.reemployed && (
              <Tag color="blue" style={{ marginInlineStart: 6 }}>
                {t.employmentPeriod.reemployed}
              </Tag>
            )}
          </span>
          <LegalBasisNote basis={period.basis} />
        </Flex>
      ),
    },
    {
      key: 'reemploymentRequestDeadline',
      label: t.employmentPeriod.requestDeadline,
      children:
        period.requestDeadline && period.requestBasis ? (
          <Flex vertical gap={2} align="flex-start">
            <span>{period.requestDeadline}</span>
            <LegalBasisNote basis={period.requestBasis} />
          </Flex>
        ) : (
          t.employmentPeriod.requestDone
        ),
    },
  ];
}

/**
 * A D-2/D-4 worker's course of study and recorded 시간제취업허가 (docs/law-as-data.md#visas), with the weekly hours the
 * law table allows the course and Korean level today and its basis. Other visas have no such section.
 */
function PartTimePermitInfo({ worker: w }: { worker: Worker }) {
  if (w.visaType !== 'D-2' && w.visaType !== 'D-4') return null;
  const p = t.partTimePermit;
  const limit = studentHoursLimit(w.visaType, w.studyCourse, w.koreanLevel, todayInSeoul());
  const hours =
    w.partTimePermitWeeklyHours === null ? (
      none
    ) : (
      <Flex vertical gap={2} align="flex-start">
        <span>
          {p.hours(w.partTimePermitWeeklyHours)}
          {limit && w.partTimePermitWeeklyHours > limit.weeklyHours && (
            <Tag color="red" style={{ marginInlineStart: 6 }}>
              {p.overLaw(limit.weeklyHours)}
            </Tag>
          )}
        </span>
        {limit && (
          <>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {p.lawHours(
                limit.weeklyHours,
                limit.minKoreanLevel === 'none' ? null : KOREAN_LEVEL_LABELS[limit.minKoreanLevel],
              )}
            </Typography.Text>
            <LegalBasisNote basis={limit.basis} />
          </>
        )}
      </Flex>
    );
  return (
    <InfoSection
      title={t.sections.partTimePermit}
      items={[
        {
          key: 'studyCourse',
          label: f.studyCourse,
          children: w.studyCourse ? STUDY_COURSE_LABELS[w.studyCourse] : none,
        },
        { key: 'partTimePermitNo', label: f.partTimePermitNo, children: w.partTimePermitNo || p.none },
        { key: 'partTimePermitWeeklyHours', label: f.partTimePermitWeeklyHours, children: hours },
        {
          key: 'partTimePermitPeriod',
          label: p.periodLabel,
          children: w.partTimePermitValidFrom
            ? p.period(w.partTimePermitValidFrom, w.partTimePermitValidTo)
            : none,
        },
      ]}
    />
  );
}

/** Every field of a worker in the form's sections; identifiers masked, each with its own "열람". */
export function WorkerInfo({ worker: w, onExtension }: WorkerInfoProps) {
  const industries = w.desiredIndustries.map((industry) => (
    <Tag key={industry}>{INDUSTRY_LABELS[industry]}</Tag>
  ));
  const address = [w.postalCode && `(${w.postalCode})`, w.stateProvince, w.city, w.streetAddress]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <IdentityWarnings worker={w} />
      <InfoSection
        title={t.sections.basic}
        items={[
          { key: 'nameKo', label: f.nameKo, children: w.nameKo || none },
          { key: 'latin', label: f.latinName, children: latinName(w) },
          { key: 'gender', label: f.gender, children: GENDER_LABELS[w.gender] },
          { key: 'dateOfBirth', label: f.dateOfBirth, children: w.dateOfBirth },
          {
            key: 'nationality',
            label: f.nationality,
            children: `${nationalityLabel(w.nationality)} (${w.nationality})`,
          },
          { key: 'status', label: f.status, children: <WorkerStatusTag status={w.status} /> },
          ...(w.statusReason
            ? [
                {
                  key: 'statusReason',
                  label: f.statusReason,
                  span: 'filled' as const,
                  children: w.statusReason,
                },
              ]
            : []),
        ]}
      />
      <InfoSection
        title={t.sections.identity}
        items={[
          {
            key: 'alienRegNo',
            label: f.alienRegNo,
            children: <PiiValue workerId={w.id} field="alienRegNo" masked={w.alienRegNo} />,
          },
          {
            key: 'passportNo',
            label: f.passportNo,
            children: <PiiValue workerId={w.id} field="passportNo" masked={w.passportNo} />,
          },
          { key: 'passportExpiryDate', label: f.passportExpiryDate, children: w.passportExpiryDate ?? none },
          { key: 'visaType', label: f.visaType, children: VISA_TYPE_LABELS[w.visaType] },
          {
            key: 'visaStatus',
            label: f.visaStatus,
            children: (
              <Flex vertical gap={2} align="flex-start">
                <VisaValidityTag validity={w.visaValidity} />
                {w.visaValidity === 'expired' && w.visaStatus !== 'expired' && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t.visaExpiredByDate}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          {
            key: 'visaExpiryDate',
            label: f.visaExpiryDate,
            children: <VisaExpiry date={w.visaExpiryDate} />,
          },
          { key: 'entryDate', label: f.entryDate, children: w.entryDate ?? none },
          ...employmentPeriodItems(w),
        ]}
      />
      <PartTimePermitInfo worker={w} />
      <InfoSection
        title={t.sections.extension}
        extra={
          onExtension && (
            <Button size="small" onClick={onExtension}>
              {t.extension.update}
            </Button>
          )
        }
        items={[
          {
            key: 'extensionStatus',
            label: f.extensionStatus,
            children: EXTENSION_STATUS_LABELS[w.extensionStatus],
          },
          { key: 'extensionAppliedAt', label: f.extensionAppliedAt, children: w.extensionAppliedAt ?? none },
          {
            key: 'extensionApprovedAt',
            label: f.extensionApprovedAt,
            children: w.extensionApprovedAt ?? none,
          },
        ]}
      />
      <InfoSection
        title={t.sections.contact}
        items={[
          { key: 'phoneNumber', label: f.phoneNumber, children: showMobile(w.phoneNumber) },
          { key: 'emailAddress', label: f.emailAddress, children: w.emailAddress || none },
          { key: 'country', label: f.country, children: nationalityLabel(w.country) },
          { key: 'address', label: f.streetAddress, children: address || none },
        ]}
      />
      <InfoSection
        title={t.sections.job}
        items={[
          { key: 'koreanLevel', label: f.koreanLevel, children: KOREAN_LEVEL_LABELS[w.koreanLevel] },
          {
            key: 'desiredIndustries',
            label: f.desiredIndustries,
            children: industries.length > 0 ? industries : none,
          },
        ]}
      />
      <InfoSection
        title={t.sections.admin}
        items={[
          { key: 'branch', label: f.branchId, children: w.branchName ?? none },
          { key: 'createdAt', label: koKit.detail.createdAt, children: formatDateTime(w.createdAt) },
          {
            key: 'adminMemo',
            label: f.adminMemo,
            span: 'filled',
            children: <span style={{ whiteSpace: 'pre-wrap' }}>{w.adminMemo || none}</span>,
          },
          { key: 'updatedAt', label: koKit.detail.updatedAt, children: formatDateTime(w.updatedAt) },
        ]}
      />
    </>
  );
}

import {
  fieldMessages,
  formatPhone,
  GENDER_LABELS,
  GENDERS,
  KOREAN_LEVEL_LABELS,
  KOREAN_LEVELS,
  type KoreanLevel,
  STUDY_COURSE_LABELS,
  STUDY_COURSES,
  type StudyCourse,
  studentHoursLimit,
  VISA_STATUS_LABELS,
  VISA_STATUSES,
  VISA_TYPE_LABELS,
  VISA_TYPES,
  type VisaType,
  type Worker,
  workerInputSchema,
} from '@ilson/contracts';
import { DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { BranchSelect } from '../../components/branch-select';
import { AddressInput } from '../../components/form/address-input';
import { schemaRule } from '../../components/form/field-errors';
import { FormSection, WideField } from '../../components/form/form-layout';
import { typeAlienRegNo, typePassportNo, typePhone, typePostalCode } from '../../components/form/formatters';
import { IndustrySelect } from '../../components/industry-select';
import { NationalitySelect } from '../../components/nationality-select';
import { parseDate, toDateString, todayInSeoul } from '../../lib/datetime';
import { koEmployers } from '../../locales/ko/employers';
import { koKit } from '../../locales/ko/kit';
import { koWorkers } from '../../locales/ko/workers';
import { VisaExpiryField } from './identity-fields';

const t = koWorkers;
const f = t.fields;
const required = { required: true, message: fieldMessages.required };
const rule = (field: string, checkEmpty = false) => schemaRule(workerInputSchema, field, { checkEmpty });
const select = koKit.form.selectPlaceholder;
const datePlaceholder = koKit.form.datePlaceholder;

export type WorkerFormValues = {
  nameKo: string;
  lastName: string;
  firstName: string;
  gender?: string;
  dateOfBirth: Dayjs | null;
  nationality?: string;
  phoneNumber: string;
  emailAddress: string;
  alienRegNo: string;
  passportNo: string;
  passportExpiryDate: Dayjs | null;
  visaType?: string;
  visaStatus: string;
  visaExpiryDate: Dayjs | null;
  entryDate: Dayjs | null;
  employmentPeriodEndDate: Dayjs | null;
  /** D-2/D-4 only: the course of study and the recorded 시간제취업허가. */
  studyCourse?: string | null;
  partTimePermitNo: string;
  partTimePermitWeeklyHours: number | null;
  partTimePermitValidFrom: Dayjs | null;
  partTimePermitValidTo: Dayjs | null;
  koreanLevel: string;
  desiredIndustries: string[];
  streetAddress: string;
  city: string;
  stateProvince: string;
  postalCode: string;
  country?: string;
  branchId?: number;
  adminMemo: string;
};

export const WORKER_FORM_FIELDS = Object.keys(workerInputSchema.shape);

const DATE_FIELDS = [
  'dateOfBirth',
  'passportExpiryDate',
  'visaExpiryDate',
  'entryDate',
  'employmentPeriodEndDate',
  'partTimePermitValidFrom',
  'partTimePermitValidTo',
] as const;

/** The visas whose holders work on a 시간제취업허가 (docs/law-as-data.md#visas): the form asks for it only then. */
export const STUDENT_VISAS: readonly string[] = ['D-2', 'D-4'] satisfies VisaType[];
export const isStudentVisa = (visa: string | null | undefined) => !!visa && STUDENT_VISAS.includes(visa);

export function emptyWorkerValues(branchId: number | null): WorkerFormValues {
  return {
    nameKo: '',
    lastName: '',
    firstName: '',
    dateOfBirth: null,
    phoneNumber: '',
    emailAddress: '',
    alienRegNo: '',
    passportNo: '',
    passportExpiryDate: null,
    visaStatus: 'valid',
    visaExpiryDate: null,
    entryDate: null,
    employmentPeriodEndDate: null,
    studyCourse: null,
    partTimePermitNo: '',
    partTimePermitWeeklyHours: null,
    partTimePermitValidFrom: null,
    partTimePermitValidTo: null,
    koreanLevel: 'none',
    desiredIndustries: [],
    streetAddress: '',
    city: '',
    stateProvince: '',
    postalCode: '',
    country: 'KR',
    branchId: branchId ?? undefined,
    adminMemo: '',
  };
}

/** An edit starts with the identifiers empty: the reply only has them masked, and empty means "keep". */
export function workerToValues(worker: Worker): WorkerFormValues {
  return {
    nameKo: worker.nameKo,
    lastName: worker.lastName,
    firstName: worker.firstName,
    gender: worker.gender,
    dateOfBirth: parseDate(worker.dateOfBirth),
    nationality: worker.nationality,
    phoneNumber: worker.phoneNumber ? formatPhone(worker.phoneNumber) : '',
    emailAddress: worker.emailAddress,
    alienRegNo: '',
    passportNo: '',
    passportExpiryDate: parseDate(worker.passportExpiryDate),
    visaType: worker.visaType,
    visaStatus: worker.visaStatus,
    visaExpiryDate: parseDate(worker.visaExpiryDate),
    entryDate: parseDate(worker.entryDate),
    employmentPeriodEndDate: parseDate(worker.employmentPeriodEndDate),
    studyCourse: worker.studyCourse,
    partTimePermitNo: worker.partTimePermitNo ?? '',
    partTimePermitWeeklyHours: worker.partTimePermitWeeklyHours,
    partTimePermitValidFrom: parseDate(worker.partTimePermitValidFrom),
    partTimePermitValidTo: parseDate(worker.partTimePermitValidTo),
    koreanLevel: worker.koreanLevel,
    desiredIndustries: worker.desiredIndustries,
    streetAddress: worker.streetAddress,
    city: worker.city,
    stateProvince: worker.stateProvince,
    postalCode: worker.postalCode,
    country: worker.country,
    branchId: worker.branchId,
    adminMemo: worker.adminMemo,
  };
}

/** Dates as `YYYY-MM-DD`; an empty identifier is left out (on an update: unchanged). */
export function workerValuesToInput(values: WorkerFormValues): unknown {
  const input: Record<string, unknown> = { ...values };
  for (const field of DATE_FIELDS) input[field] = toDateString(values[field]);
  input.alienRegNo = values.alienRegNo || undefined;
  input.passportNo = values.passportNo || undefined;
  // The permit belongs to a student visa: any other visa clears what a D-2/D-4 worker had recorded.
  const student = isStudentVisa(values.visaType);
  input.studyCourse = student ? (values.studyCourse ?? null) : null;
  input.partTimePermitNo = student ? values.partTimePermitNo?.trim() || null : null;
  input.partTimePermitWeeklyHours = student ? (values.partTimePermitWeeklyHours ?? null) : null;
  if (!student) {
    input.partTimePermitValidFrom = null;
    input.partTimePermitValidTo = null;
  }
  return input;
}

const option =
  <K extends string>(labels: Record<K, string>) =>
  (value: K) => ({ value, label: labels[value] });
const genderOptions = GENDERS.map(option(GENDER_LABELS));
const visaTypeOptions = VISA_TYPES.map(option(VISA_TYPE_LABELS));
/** 심사 중 is set by filing an extension, never picked here (docs/DOMAIN.md#invariants): shown, not offered. */
const visaStatusOptions = VISA_STATUSES.map((value) => ({
  ...option(VISA_STATUS_LABELS)(value),
  disabled: value === 'pending',
}));
const koreanOptions = KOREAN_LEVELS.map(option(KOREAN_LEVEL_LABELS));
const studyCourseOptions = STUDY_COURSES.map(option(STUDY_COURSE_LABELS));

type WorkerFormFieldsProps = {
  /** On an edit: the stored identifiers, masked, shown as what an empty input keeps. */
  masked?: { alienRegNo: string | null; passportNo: string | null };
};

const dateInput = <DatePicker style={{ width: '100%' }} placeholder={datePlaceholder} />;

/** docs/DOMAIN.md's worker fields in five sections; the page around them owns the form and the submit. */
export function WorkerFormFields({ masked }: WorkerFormFieldsProps) {
  const keep = (value: string | null | undefined, fallback: string) =>
    value ? koKit.form.keepMasked(value) : fallback;
  return (
    <>
      <FormSection title={t.sections.basic}>
        <Form.Item name="nameKo" label={f.nameKo} rules={[{ max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="lastName"
          label={f.lastName}
          normalize={(value?: string) => value?.toUpperCase()}
          rules={[required, { max: 50 }]}
        >
          <Input maxLength={50} placeholder={t.latinNamePlaceholder} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="firstName"
          label={f.firstName}
          normalize={(value?: string) => value?.toUpperCase()}
          rules={[required, { max: 50 }]}
        >
          <Input maxLength={50} placeholder={t.latinNamePlaceholder} autoComplete="off" />
        </Form.Item>
        <Form.Item name="gender" label={f.gender} required rules={[rule('gender', true)]}>
          <Radio.Group options={genderOptions} optionType="button" />
        </Form.Item>
        <Form.Item name="dateOfBirth" label={f.dateOfBirth} rules={[required]}>
          {dateInput}
        </Form.Item>
        <Form.Item name="nationality" label={f.nationality} required rules={[rule('nationality', true)]}>
          <NationalitySelect placeholder={select} />
        </Form.Item>
      </FormSection>

      <FormSection title={t.sections.identity}>
        <Form.Item
          name="alienRegNo"
          label={f.alienRegNo}
          normalize={typeAlienRegNo}
          rules={[rule('alienRegNo')]}
        >
          <Input
            inputMode="numeric"
            autoComplete="off"
            placeholder={keep(masked?.alienRegNo, t.alienRegNoPlaceholder)}
          />
        </Form.Item>
        <Form.Item
          name="passportNo"
          label={f.passportNo}
          normalize={typePassportNo}
          rules={[rule('passportNo')]}
        >
          <Input autoComplete="off" placeholder={keep(masked?.passportNo, t.passportNoPlaceholder)} />
        </Form.Item>
        <Form.Item name="passportExpiryDate" label={f.passportExpiryDate}>
          {dateInput}
        </Form.Item>
        <Form.Item name="visaType" label={f.visaType} required rules={[rule('visaType', true)]}>
          <Select options={visaTypeOptions} placeholder={select} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <Form.Item name="visaStatus" label={f.visaStatus} extra={t.visaStatusHelp}>
          <Select options={visaStatusOptions} />
        </Form.Item>
        <VisaExpiryField label={f.visaExpiryDate}>{dateInput}</VisaExpiryField>
        <Form.Item name="entryDate" label={f.entryDate}>
          {dateInput}
        </Form.Item>
        <Form.Item name="employmentPeriodEndDate" label={f.employmentPeriodEndDate}>
          {dateInput}
        </Form.Item>
      </FormSection>

      <PartTimePermitSection />

      <FormSection title={t.sections.contact}>
        <Form.Item
          name="phoneNumber"
          label={f.phoneNumber}
          normalize={typePhone}
          rules={[rule('phoneNumber')]}
        >
          <Input inputMode="tel" placeholder={t.mobilePlaceholder} />
        </Form.Item>
        <Form.Item name="emailAddress" label={f.emailAddress} rules={[rule('emailAddress')]}>
          <Input type="email" maxLength={254} />
        </Form.Item>
        <Form.Item name="country" label={f.country} rules={[rule('country')]}>
          <NationalitySelect placeholder={select} />
        </Form.Item>
        <Form.Item
          name="postalCode"
          label={f.postalCode}
          normalize={typePostalCode}
          rules={[rule('postalCode')]}
        >
          <Input inputMode="numeric" maxLength={5} placeholder={koEmployers.zipCodePlaceholder} />
        </Form.Item>
        <Form.Item name="stateProvince" label={f.stateProvince} rules={[{ max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="city" label={f.city} rules={[{ max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <WideField>
          <Form.Item name="streetAddress" label={f.streetAddress} rules={[{ max: 200 }]}>
            <AddressInput maxLength={200} zipCodeField="postalCode" />
          </Form.Item>
        </WideField>
      </FormSection>

      <FormSection title={t.sections.job}>
        <Form.Item name="koreanLevel" label={f.koreanLevel}>
          <Select options={koreanOptions} />
        </Form.Item>
        <Form.Item
          name="desiredIndustries"
          label={f.desiredIndustries}
          extra={t.desiredIndustriesHelp}
          rules={[rule('desiredIndustries')]}
        >
          <IndustrySelect mode="multiple" maxCount={5} placeholder={select} allowClear />
        </Form.Item>
      </FormSection>

      <FormSection title={t.sections.admin}>
        <Form.Item name="branchId" label={f.branchId} required rules={[rule('branchId', true)]}>
          <BranchSelect placeholder={select} />
        </Form.Item>
        <WideField>
          <Form.Item name="adminMemo" label={f.adminMemo} rules={[{ max: 2000 }]}>
            <Input.TextArea rows={3} maxLength={2000} showCount />
          </Form.Item>
        </WideField>
      </FormSection>
    </>
  );
}

/** The permit's end may not come before its start (the form's own check; the engine reads both dates). */
const validToRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: async (_rule: unknown, value: Dayjs | null | undefined) => {
    const from = getFieldValue('partTimePermitValidFrom') as Dayjs | null | undefined;
    if (value && from && value.isBefore(from, 'day')) throw new Error(t.partTimePermit.validToBeforeFrom);
  },
});

/**
 * D-2/D-4 only (docs/law-as-data.md#visas): the course of study and the recorded 시간제취업허가, which the matching's
 * eligibility checks; the weekly hours the law table allows for the course and Korean level are shown beside them.
 */
function PartTimePermitSection() {
  const visaType = Form.useWatch<string | undefined>('visaType');
  const course = Form.useWatch<StudyCourse | null | undefined>('studyCourse');
  const level = Form.useWatch<KoreanLevel | undefined>('koreanLevel');
  if (!isStudentVisa(visaType)) return null;
  const limit = studentHoursLimit(visaType as VisaType, course, level ?? 'none', todayInSeoul());
  const p = t.partTimePermit;
  return (
    <FormSection title={t.sections.partTimePermit}>
      <Form.Item name="studyCourse" label={f.studyCourse} rules={[rule('studyCourse')]}>
        <Select options={studyCourseOptions} placeholder={select} allowClear />
      </Form.Item>
      <Form.Item name="partTimePermitNo" label={f.partTimePermitNo} rules={[{ max: 40 }]}>
        <Input maxLength={40} autoComplete="off" placeholder={p.numberPlaceholder} />
      </Form.Item>
      <Form.Item
        name="partTimePermitWeeklyHours"
        label={f.partTimePermitWeeklyHours}
        rules={[rule('partTimePermitWeeklyHours')]}
        extra={
          limit
            ? p.lawHours(
                limit.weeklyHours,
                limit.minKoreanLevel === 'none' ? null : KOREAN_LEVEL_LABELS[limit.minKoreanLevel],
              )
            : undefined
        }
      >
        <InputNumber<number>
          min={1}
          max={40}
          precision={0}
          suffix={p.hoursUnit}
          style={{ width: '100%' }}
          inputMode="numeric"
        />
      </Form.Item>
      <Form.Item name="partTimePermitValidFrom" label={f.partTimePermitValidFrom}>
        {dateInput}
      </Form.Item>
      <Form.Item
        name="partTimePermitValidTo"
        label={f.partTimePermitValidTo}
        dependencies={['partTimePermitValidFrom']}
        rules={[validToRule]}
      >
        {dateInput}
      </Form.Item>
    </FormSection>
  );
}

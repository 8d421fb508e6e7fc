import {
  fieldMessages,
  formatPhone,
  GENDER_LABELS,
  GENDERS,
  KOREAN_LEVEL_LABELS,
  KOREAN_LEVELS,
  VISA_STATUS_LABELS,
  VISA_STATUSES,
  VISA_TYPE_LABELS,
  VISA_TYPES,
  type Worker,
  workerInputSchema,
} from '@ilson/contracts';
import { DatePicker, Form, Input, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { BranchSelect } from '../../components/branch-select';
import { AddressInput } from '../../components/form/address-input';
import { schemaRule } from '../../components/form/field-errors';
import { FormSection, WideField } from '../../components/form/form-layout';
import { typeAlienRegNo, typePassportNo, typePhone, typePostalCode } from '../../components/form/formatters';
import { IndustrySelect } from '../../components/industry-select';
import { NationalitySelect } from '../../components/nationality-select';
import { parseDate, toDateString } from '../../lib/datetime';
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
] as const;

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

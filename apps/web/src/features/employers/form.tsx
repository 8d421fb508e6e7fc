import {
  BIZ_ENTITY_TYPE_LABELS,
  BIZ_ENTITY_TYPES,
  type Employer,
  employerInputSchema,
  fieldMessages,
  formatBusinessRegNo,
  formatPhone,
  INDUSTRY_LABELS,
  REGIONS,
} from '@ilson/contracts';
import { DatePicker, Form, Input, InputNumber, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { BranchSelect } from '../../components/branch-select';
import { AddressInput } from '../../components/form/address-input';
import { fieldLabels } from '../../components/form/conflict-comparison';
import { schemaRule } from '../../components/form/field-errors';
import { FormSection, WideField } from '../../components/form/form-layout';
import { typeBusinessRegNo, typePhone, typePostalCode } from '../../components/form/formatters';
import { IndustrySelect } from '../../components/industry-select';
import { parseDate, toDateString } from '../../lib/datetime';
import { koEmployers } from '../../locales/ko/employers';
import { koKit } from '../../locales/ko/kit';
import { koWorkers } from '../../locales/ko/workers';

const t = koEmployers;
const f = t.fields;
const required = { required: true, message: fieldMessages.required };
const rule = (field: string, checkEmpty = false) => schemaRule(employerInputSchema, field, { checkEmpty });
const select = koKit.form.selectPlaceholder;

export type EmployerFormValues = {
  companyName: string;
  businessRegNo: string;
  ceoName: string;
  openingDate: Dayjs | null;
  bizEntityType?: string;
  industry?: string;
  region?: string;
  zipCode: string;
  roadAddress: string;
  addressDetail: string;
  phone: string;
  email: string;
  managerName: string;
  managerPhone: string;
  employeeCount: number | null;
  foreignWorkerCount: number | null;
  branchId?: number;
  adminMemo: string;
};

export const EMPLOYER_FORM_FIELDS = Object.keys(employerInputSchema.shape);

/** The form's fields with their labels, for the stale-version comparison. */
export const EMPLOYER_FIELD_LABELS = fieldLabels(EMPLOYER_FORM_FIELDS, f);

/** A form value as the form shows it: an option's label rather than its code. */
export function formatEmployerField(field: string, value: unknown): string | undefined {
  if (field === 'industry' && typeof value === 'string')
    return INDUSTRY_LABELS[value as keyof typeof INDUSTRY_LABELS];
  if (field === 'bizEntityType' && typeof value === 'string') {
    return BIZ_ENTITY_TYPE_LABELS[value as keyof typeof BIZ_ENTITY_TYPE_LABELS];
  }
  return undefined;
}

export function emptyEmployerValues(branchId: number | null): EmployerFormValues {
  return {
    companyName: '',
    businessRegNo: '',
    ceoName: '',
    openingDate: null,
    zipCode: '',
    roadAddress: '',
    addressDetail: '',
    phone: '',
    email: '',
    managerName: '',
    managerPhone: '',
    employeeCount: 0,
    foreignWorkerCount: 0,
    branchId: branchId ?? undefined,
    adminMemo: '',
  };
}

export function employerToValues(employer: Employer): EmployerFormValues {
  return {
    companyName: employer.companyName,
    businessRegNo: formatBusinessRegNo(employer.businessRegNo),
    ceoName: employer.ceoName,
    openingDate: parseDate(employer.openingDate),
    bizEntityType: employer.bizEntityType,
    industry: employer.industry,
    region: employer.region,
    zipCode: employer.zipCode,
    roadAddress: employer.roadAddress,
    addressDetail: employer.addressDetail,
    phone: employer.phone ? formatPhone(employer.phone) : '',
    email: employer.email,
    managerName: employer.managerName,
    managerPhone: employer.managerPhone ? formatPhone(employer.managerPhone) : '',
    employeeCount: employer.employeeCount,
    foreignWorkerCount: employer.foreignWorkerCount,
    branchId: employer.branchId,
    adminMemo: employer.adminMemo,
  };
}

export function employerValuesToInput(values: EmployerFormValues): unknown {
  return {
    ...values,
    openingDate: toDateString(values.openingDate),
    employeeCount: values.employeeCount ?? 0,
    foreignWorkerCount: values.foreignWorkerCount ?? 0,
  };
}

const entityOptions = BIZ_ENTITY_TYPES.map((value) => ({ value, label: BIZ_ENTITY_TYPE_LABELS[value] }));
const regionOptions = REGIONS.map((value) => ({ value, label: value }));

/** The employer's fields in their sections; the page around them owns the form and the submit. */
export function EmployerFormFields() {
  return (
    <>
      <FormSection title={t.sections.business}>
        <Form.Item name="companyName" label={f.companyName} rules={[required, { max: 100 }]}>
          <Input maxLength={100} autoComplete="organization" />
        </Form.Item>
        <Form.Item
          name="businessRegNo"
          label={f.businessRegNo}
          normalize={typeBusinessRegNo}
          validateDebounce={300}
          rules={[required, rule('businessRegNo')]}
        >
          <Input inputMode="numeric" placeholder={t.businessRegNoPlaceholder} autoComplete="off" />
        </Form.Item>
        <Form.Item name="ceoName" label={f.ceoName} rules={[required, { max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="bizEntityType"
          label={f.bizEntityType}
          required
          rules={[rule('bizEntityType', true)]}
        >
          <Radio.Group options={entityOptions} optionType="button" />
        </Form.Item>
        <Form.Item name="industry" label={f.industry} required rules={[rule('industry', true)]}>
          <IndustrySelect placeholder={select} />
        </Form.Item>
        <Form.Item name="openingDate" label={f.openingDate}>
          <DatePicker style={{ width: '100%' }} placeholder={koKit.form.datePlaceholder} />
        </Form.Item>
      </FormSection>

      <FormSection title={t.sections.address}>
        <Form.Item name="region" label={f.region} required rules={[rule('region', true)]}>
          <Select options={regionOptions} placeholder={select} showSearch={{ optionFilterProp: 'label' }} />
        </Form.Item>
        <Form.Item
          name="zipCode"
          label={f.zipCode}
          normalize={typePostalCode}
          rules={[required, rule('zipCode')]}
        >
          <Input inputMode="numeric" maxLength={5} placeholder={t.zipCodePlaceholder} />
        </Form.Item>
        <Form.Item name="phone" label={f.phone} normalize={typePhone} rules={[required, rule('phone')]}>
          <Input inputMode="tel" placeholder={t.phonePlaceholder} />
        </Form.Item>
        <Form.Item name="roadAddress" label={f.roadAddress} rules={[required, { max: 200 }]}>
          <AddressInput maxLength={200} zipCodeField="zipCode" detailField="addressDetail" />
        </Form.Item>
        <Form.Item name="addressDetail" label={f.addressDetail} rules={[{ max: 200 }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="email" label={f.email} rules={[rule('email')]}>
          <Input type="email" maxLength={254} autoComplete="email" />
        </Form.Item>
      </FormSection>

      <FormSection title={t.sections.manager}>
        <Form.Item name="managerName" label={f.managerName} rules={[{ max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="managerPhone"
          label={f.managerPhone}
          normalize={typePhone}
          rules={[rule('managerPhone')]}
        >
          <Input inputMode="tel" placeholder={koWorkers.mobilePlaceholder} />
        </Form.Item>
      </FormSection>

      <FormSection title={t.sections.staff}>
        <Form.Item name="employeeCount" label={f.employeeCount}>
          <InputNumber
            min={0}
            max={1_000_000}
            precision={0}
            suffix={koKit.common.unitPeople}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="foreignWorkerCount" label={f.foreignWorkerCount}>
          <InputNumber
            min={0}
            max={1_000_000}
            precision={0}
            suffix={koKit.common.unitPeople}
            style={{ width: '100%' }}
          />
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

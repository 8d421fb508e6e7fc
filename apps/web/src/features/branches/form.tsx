import { type Branch, branchInputSchema, fieldMessages, formatPhone, REGIONS } from '@ilson/contracts';
import { Alert, Form, Input, Select } from 'antd';
import { AddressInput } from '../../components/form/address-input';
import { schemaRule } from '../../components/form/field-errors';
import { FormSection, WideField } from '../../components/form/form-layout';
import { typePhone } from '../../components/form/formatters';
import { koBranches } from '../../locales/ko/branches';
import { koEmployers } from '../../locales/ko/employers';
import { koKit } from '../../locales/ko/kit';
import { useManagerOptions } from './api';

const f = koBranches.fields;
const required = { required: true, message: fieldMessages.required };

export type BranchFormValues = {
  name: string;
  code: string;
  region?: string;
  address: string;
  phone: string;
  managerAdminId?: number | null;
};

export const BRANCH_FORM_FIELDS = Object.keys(branchInputSchema.shape);

export const emptyBranchValues: BranchFormValues = {
  name: '',
  code: '',
  address: '',
  phone: '',
  managerAdminId: null,
};

export function branchToValues(branch: Branch): BranchFormValues {
  return {
    name: branch.name,
    code: branch.code,
    region: branch.region,
    address: branch.address,
    phone: branch.phone ? formatPhone(branch.phone) : '',
    managerAdminId: branch.managerAdminId,
  };
}

export function branchValuesToInput(values: BranchFormValues): unknown {
  return { ...values, managerAdminId: values.managerAdminId ?? null };
}

const regionOptions = REGIONS.map((value) => ({ value, label: value }));

function ManagerSelect(props: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
}) {
  const { data, isError, isFetching } = useManagerOptions();
  return (
    <>
      <Select<number | null>
        {...props}
        allowClear
        loading={isFetching}
        disabled={isError}
        placeholder={koBranches.managerNone}
        showSearch={{ optionFilterProp: 'label' }}
        options={(data ?? []).map((admin) => ({
          value: admin.id,
          label: `${admin.name} (${admin.loginId})`,
        }))}
        onChange={(value) => props.onChange?.(value ?? null)}
      />
      {isError && (
        <Alert type="warning" showIcon title={koBranches.managerUnavailable} style={{ marginTop: 8 }} />
      )}
    </>
  );
}

/** The branch's fields; the page around it owns the form, the submit and the guard. */
export function BranchFormFields() {
  return (
    <FormSection title={koBranches.sectionBasic}>
      <Form.Item name="name" label={f.name} rules={[required, { max: 50 }]}>
        <Input maxLength={50} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="code"
        label={f.code}
        extra={koBranches.codeHelp}
        normalize={(value?: string) => value?.toUpperCase()}
        rules={[required, schemaRule(branchInputSchema, 'code')]}
      >
        <Input maxLength={20} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="region"
        label={f.region}
        required
        rules={[schemaRule(branchInputSchema, 'region', { checkEmpty: true })]}
      >
        <Select
          options={regionOptions}
          placeholder={koKit.form.selectPlaceholder}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item
        name="phone"
        label={f.phone}
        normalize={typePhone}
        rules={[schemaRule(branchInputSchema, 'phone')]}
      >
        <Input inputMode="tel" placeholder={koEmployers.phonePlaceholder} />
      </Form.Item>
      <Form.Item name="managerAdminId" label={f.managerAdminId}>
        <ManagerSelect />
      </Form.Item>
      <WideField>
        <Form.Item name="address" label={f.address} rules={[{ max: 200 }]}>
          <AddressInput maxLength={200} />
        </Form.Item>
      </WideField>
    </FormSection>
  );
}

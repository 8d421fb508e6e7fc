import {
  type Matching,
  PAYOUT_METHOD_LABELS,
  PAYOUT_METHODS,
  PAYOUT_TYPE_LABELS,
  PAYOUT_TYPES,
  type Payout,
  type PayoutMethod,
  type PayoutType,
  payoutInputSchema,
  recordMessages,
} from '@ilson/contracts';
import { Button, DatePicker, Form, type FormInstance, Input, InputNumber, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useSession } from '../../auth/session-context';
import { schemaRule } from '../../components/form/field-errors';
import { FormSection, WideField } from '../../components/form/form-layout';
import { formatWon, parseWon } from '../../components/form/formatters';
import { EmployerPicker, MatchingPicker, WorkerPicker } from '../../components/pickers/pickers';
import { parseDate, toDateString } from '../../lib/datetime';
import { koKit } from '../../locales/ko/kit';
import { koPayouts } from '../../locales/ko/payouts';
import { defaultVat } from './api';
import { formatKrw } from './columns';
import { FeeRulePanel, useFeeRule } from './fee-rule';
import './payouts.css';

const t = koPayouts;
const f = t.fields;
const rule = (field: string, checkEmpty = false) => schemaRule(payoutInputSchema, field, { checkEmpty });

export type PayoutFormValues = {
  type: PayoutType;
  employerId?: number;
  matchingId?: number | null;
  workerId?: number | null;
  amount: number | null;
  vat: number | null;
  method: PayoutMethod;
  bankName: string;
  accountNo: string;
  accountHolder: string;
  scheduledDate: Dayjs | null;
  memo: string;
  /** A super admin's legal basis for an E-9 or E-8 worker's fee (docs/law-as-data.md#fees). */
  legalBasisNote: string;
};

export const PAYOUT_FORM_FIELDS = Object.keys(payoutInputSchema.shape);

export const emptyPayoutValues: PayoutFormValues = {
  type: 'matching_fee',
  matchingId: null,
  workerId: null,
  amount: null,
  vat: 0,
  method: 'bank_transfer',
  bankName: '',
  accountNo: '',
  accountHolder: '',
  scheduledDate: null,
  memo: '',
  legalBasisNote: '',
};

export function payoutToValues(payout: Payout): PayoutFormValues {
  return {
    type: payout.type,
    employerId: payout.employerId,
    matchingId: payout.matchingId,
    workerId: payout.workerId,
    amount: payout.amount,
    vat: payout.vat,
    method: payout.method,
    bankName: payout.bankName,
    accountNo: '',
    accountHolder: payout.accountHolder,
    scheduledDate: parseDate(payout.scheduledDate),
    memo: payout.memo,
    legalBasisNote: payout.legalBasisNote ?? '',
  };
}

/** An empty account number is left out: a new payout has none, an edited one keeps the stored one. */
export function payoutValuesToInput(values: PayoutFormValues): unknown {
  return {
    ...values,
    matchingId: values.matchingId ?? null,
    workerId: values.workerId ?? null,
    amount: values.amount ?? undefined,
    vat: values.vat ?? null,
    accountNo: values.accountNo?.trim() || undefined,
    scheduledDate: toDateString(values.scheduledDate),
    // Left out when the field is not shown (only a super admin sees it; the server answers 403 to anyone else who
    // changes it); sent as it stands otherwise, blank clearing it.
    legalBasisNote: values.legalBasisNote === undefined ? undefined : values.legalBasisNote.trim() || null,
  };
}

const typeOptions = PAYOUT_TYPES.map((value) => ({ value, label: PAYOUT_TYPE_LABELS[value] }));
const methodOptions = PAYOUT_METHODS.map((value) => ({ value, label: PAYOUT_METHOD_LABELS[value] }));

const wonInput = {
  min: 0,
  precision: 0,
  formatter: formatWon,
  parser: parseWon,
  suffix: '원',
  style: { width: '100%' },
} as const;

type PayoutFormFieldsProps = {
  form: FormInstance<PayoutFormValues>;
  /** On an edit: what the pickers show before a search, and the stored account number, masked. */
  current?: Payout;
};

/** The payout's fields; VAT follows the type and the amount until the user sets it. */
export function PayoutFormFields({ form, current }: PayoutFormFieldsProps) {
  const type = Form.useWatch('type', form);
  const amount = Form.useWatch('amount', form);
  const vat = Form.useWatch('vat', form);
  const employerId = Form.useWatch('employerId', form);
  const matchingId = Form.useWatch('matchingId', form);
  const workerId = Form.useWatch('workerId', form);
  const legalBasisNote = Form.useWatch('legalBasisNote', form);
  const superAdmin = useSession().user?.role === 'super_admin';
  const feeTarget = { type, matchingId, workerId, amount };
  const feeRule = useFeeRule(feeTarget);
  const publicPlacement = Boolean(
    feeRule.data?.issues.some((issue) => issue.code === 'FEE_PUBLIC_PLACEMENT'),
  );
  const [vatTouched, setVatTouched] = useState(
    current ? current.vat !== defaultVat(current.type, current.amount) : false,
  );
  const [workerLabel, setWorkerLabel] = useState(current?.workerName ?? null);

  useEffect(() => {
    if (!vatTouched && type !== undefined) form.setFieldValue('vat', defaultVat(type, amount));
  }, [form, type, amount, vatTouched]);

  const handleMatching = (_id: number | undefined, matching: Matching | undefined) => {
    if (!matching) return;
    setWorkerLabel(matching.workerName);
    const patch: Partial<PayoutFormValues> = { workerId: matching.workerId };
    if (type === 'matching_fee' && !form.getFieldValue('amount') && matching.feeAmount) {
      patch.amount = matching.feeAmount;
    }
    form.setFieldsValue(patch);
  };

  const total = (amount ?? 0) + (vat ?? 0);

  return (
    <>
      <FormSection title={t.sections.parties}>
        <WideField>
          <Form.Item name="type" label={f.type}>
            <Radio.Group options={typeOptions} optionType="button" buttonStyle="solid" />
          </Form.Item>
        </WideField>
        <Form.Item name="employerId" label={f.employerId} required rules={[rule('employerId', true)]}>
          <EmployerPicker
            placeholder={t.employerSearch}
            selectedLabel={current?.employerName}
            onChange={() => form.setFieldsValue({ matchingId: null })}
          />
        </Form.Item>
        <Form.Item name="matchingId" label={f.matchingId}>
          <MatchingPicker
            employerId={employerId}
            placeholder={employerId === undefined ? t.matchingPlaceholder : t.matchingSearch}
            selectedLabel={current?.matchingId ? `#${current.matchingId}` : null}
            onChange={handleMatching}
          />
        </Form.Item>
        <Form.Item
          name="workerId"
          label={f.workerId}
          required={type === 'wage'}
          dependencies={['type']}
          rules={[
            {
              validator: async (_rule, value: number | null | undefined) => {
                if (form.getFieldValue('type') === 'wage' && !value) {
                  throw new Error(recordMessages.payoutWorkerRequired);
                }
              },
            },
          ]}
        >
          <WorkerPicker
            placeholder={t.workerSearch}
            selectedLabel={workerLabel}
            onChange={(_id, worker) => setWorkerLabel(worker?.nameKo ?? null)}
          />
        </Form.Item>
      </FormSection>

      <FormSection title={t.sections.amount}>
        <Form.Item
          name="amount"
          label={f.amount}
          rules={[{ required: true, message: t.amountRequired }, rule('amount')]}
        >
          <InputNumber<number> {...wonInput} min={1} max={10_000_000_000} step={10_000} />
        </Form.Item>
        <Form.Item
          name="vat"
          label={f.vat}
          extra={
            vatTouched ? (
              <Button
                type="link"
                size="small"
                style={{ padding: 0, height: 'auto' }}
                onClick={() => setVatTouched(false)}
              >
                {t.vatReset} ({formatKrw(defaultVat(type, amount))})
              </Button>
            ) : (
              t.vatHelp
            )
          }
        >
          <InputNumber<number> {...wonInput} max={1_000_000_000} onChange={() => setVatTouched(true)} />
        </Form.Item>
        <WideField>
          <FeeRulePanel target={feeTarget} legalBasisNote={legalBasisNote} />
        </WideField>
        {superAdmin && (publicPlacement || current?.legalBasisNote) && (
          <WideField>
            <Form.Item
              name="legalBasisNote"
              label={f.legalBasisNote}
              extra={t.feeRule.legalBasisHelp}
              rules={[{ max: 1000 }]}
            >
              <Input.TextArea rows={2} maxLength={1000} placeholder={t.feeRule.legalBasisPlaceholder} />
            </Form.Item>
          </WideField>
        )}
        <Form.Item label={f.total} extra={t.totalHelp}>
          <output aria-label={f.total} className="payout-form-total" style={{ fontSize: 20 }}>
            {formatKrw(total)}
          </output>
        </Form.Item>
      </FormSection>

      <FormSection title={t.sections.account}>
        <Form.Item name="method" label={f.method}>
          <Select options={methodOptions} />
        </Form.Item>
        <Form.Item name="bankName" label={f.bankName} rules={[{ max: 50 }]}>
          <Input maxLength={50} placeholder="예: 국민은행" />
        </Form.Item>
        <Form.Item
          name="accountNo"
          label={f.accountNo}
          rules={[rule('accountNo')]}
          extra={current?.accountNo ? undefined : t.accountNoHelp}
        >
          <Input
            inputMode="numeric"
            autoComplete="off"
            maxLength={30}
            placeholder={
              current?.accountNo ? koKit.form.keepMasked(current.accountNo) : t.accountNoPlaceholder
            }
          />
        </Form.Item>
        <Form.Item name="accountHolder" label={f.accountHolder} rules={[{ max: 50 }]}>
          <Input maxLength={50} />
        </Form.Item>
      </FormSection>

      <FormSection title={t.sections.schedule}>
        <Form.Item name="scheduledDate" label={f.scheduledDate}>
          <DatePicker style={{ width: '100%' }} placeholder={koKit.form.datePlaceholder} />
        </Form.Item>
        <WideField>
          <Form.Item name="memo" label={f.memo} rules={[{ max: 2000 }]}>
            <Input.TextArea rows={3} maxLength={2000} showCount placeholder={t.memoPlaceholder} />
          </Form.Item>
        </WideField>
      </FormSection>
    </>
  );
}

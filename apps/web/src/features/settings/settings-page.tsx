import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  SETTINGS_LABELS,
  type Settings,
  type SettingsRecord,
  settingsMessages,
  settingsSchema,
} from '@ilson/contracts';
import { Alert, Button, Flex, Form, Input, InputNumber, Result, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { classifyError } from '../../api/errors';
import { useCan } from '../../auth/permissions';
import { schemaRule } from '../../components/form/field-errors';
import { FormActions, FormBanner, FormSection, WideField } from '../../components/form/form-layout';
import { formatWon, parseWon, typePhone } from '../../components/form/formatters';
import { useRecordForm, useStaleVersionDialog } from '../../components/form/use-record-form';
import { PageSpinner } from '../../components/spinners';
import { useToast } from '../../components/toast';
import { PageHeader } from '../../layout/page-header';
import { SettingsNav } from '../../layout/settings-nav';
import { koKit } from '../../locales/ko/kit';
import { koSettings, koSettingsNav } from '../../locales/ko/settings';
import { AccessReviewFields } from './access-review-fields';
import { useSaveSettings, useSettings } from './api';
import {
  PilotSectorsFields,
  type PilotValues,
  pilotsToValues,
  pilotValuesToSetting,
} from './pilot-sectors-fields';
import {
  QuotaTablesFields,
  type QuotaVersionValues,
  quotaTablesToValues,
  quotaValuesToTables,
} from './quota-tables-fields';
import { RetentionFields } from './retention-fields';
import { SecondFactorPolicyFields } from './second-factor-fields';

const t = koSettings;
const f = t.fields;
const help = t.help;

type WageRow = { year: string; amount: number | null };

export type SettingsFormValues = Omit<
  Settings,
  'visaAlertDays' | 'minimumWageByYear' | 'employerQuotaTables' | 'pilotSectors'
> & {
  pilotSectors: PilotValues[];
  /** A tags select holds what was typed, as text. */
  visaAlertDays: string[];
  minimumWageByYear: WageRow[];
  employerQuotaTables: QuotaVersionValues[];
  /**
   * Why the law's figures (minimum wages, the 고용허용인원 table) change: required by the server when they do
   * (docs/law-as-data.md#operator-kept-rows).
   */
  wageChangeReason?: string;
};

const SETTINGS_FIELDS = [...Object.keys(settingsSchema.shape), 'wageChangeReason'];
const YEAR_PATTERN = /^(20\d{2}|2100)$/;

export function settingsToValues(settings: Settings): SettingsFormValues {
  return {
    ...settings,
    visaAlertDays: settings.visaAlertDays.map(String),
    pilotSectors: pilotsToValues(settings.pilotSectors),
    minimumWageByYear: Object.entries(settings.minimumWageByYear)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([year, amount]) => ({ year, amount })),
    employerQuotaTables: quotaTablesToValues(settings.employerQuotaTables),
  };
}

/** The form's values as the settings: alert windows sorted and without repeats, the wage rows as a year map. */
export function settingsValuesToInput(values: SettingsFormValues): unknown {
  const days = [...new Set((values.visaAlertDays ?? []).map((day) => Number(String(day).trim())))];
  return {
    ...values,
    contactPhone: (values.contactPhone ?? '').trim(),
    visaAlertDays: days.sort((a, b) => a - b),
    pilotSectors: pilotValuesToSetting(values.pilotSectors),
    minimumWageByYear: Object.fromEntries(
      (values.minimumWageByYear ?? []).map((row) => [String(row.year ?? '').trim(), row.amount ?? undefined]),
    ),
    employerQuotaTables: quotaValuesToTables(values.employerQuotaTables),
  };
}

const yearRules = (rows: () => WageRow[]): Rule[] => [
  { required: true, message: settingsMessages.wageYear },
  {
    validator: async (_rule, value: string | undefined) => {
      const year = String(value ?? '').trim();
      if (!year) return;
      if (!YEAR_PATTERN.test(year)) throw new Error(settingsMessages.wageYear);
      if (rows().filter((row) => String(row.year ?? '').trim() === year).length > 1) {
        throw new Error(t.wageYearDuplicate);
      }
    },
  },
];

function WageTable({ disabled }: { disabled: boolean }) {
  const form = Form.useFormInstance<SettingsFormValues>();
  const rows = () => (form.getFieldValue('minimumWageByYear') ?? []) as WageRow[];
  return (
    <Form.Item label={f.minimumWageByYear} extra={help.minimumWageByYear} required>
      <Form.List
        name="minimumWageByYear"
        rules={[
          {
            validator: async (_rule, list: WageRow[] | undefined) => {
              if (!list || list.length === 0) throw new Error(settingsMessages.wageYearsRequired);
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical gap={8} style={{ maxWidth: 460 }}>
            {fields.map((field) => (
              <Flex key={field.key} gap={8} align="flex-start">
                <Form.Item
                  name={[field.name, 'year']}
                  rules={yearRules(rows)}
                  dependencies={fields
                    .filter((other) => other.key !== field.key)
                    .map((other) => ['minimumWageByYear', other.name, 'year'])}
                  style={{ marginBottom: 0, width: 120 }}
                >
                  <Input
                    aria-label={`${t.wageYear} ${field.name + 1}`}
                    placeholder={t.wageYear}
                    maxLength={4}
                    inputMode="numeric"
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'amount']}
                  rules={[
                    {
                      validator: async (_rule, value: number | null | undefined) => {
                        const parsed = settingsSchema.shape.minimumWageByYear.safeParse({ '2000': value });
                        if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
                      },
                    },
                  ]}
                  style={{ marginBottom: 0, flex: 1 }}
                >
                  <InputNumber<number>
                    aria-label={`${t.wageAmount} ${field.name + 1}`}
                    placeholder={t.wageAmount}
                    precision={0}
                    formatter={formatWon}
                    parser={parseWon}
                    suffix={t.units.won}
                    style={{ width: '100%' }}
                  />
                </Form.Item>
                {!disabled && (
                  <Button
                    aria-label={t.wageRemove(String(rows()[field.name]?.year ?? ''))}
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                  />
                )}
              </Flex>
            ))}
            <Form.ErrorList errors={errors} />
            {!disabled && (
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => {
                  const years = rows()
                    .map((row) => Number(row.year))
                    .filter(Number.isFinite);
                  const next = years.length ? Math.max(...years) + 1 : new Date().getFullYear();
                  const last = rows().at(-1)?.amount ?? null;
                  add({ year: String(next), amount: last });
                }}
                style={{ alignSelf: 'flex-start' }}
              >
                {t.wageAdd}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}

function numberField(name: keyof Settings, unit: string) {
  return (
    <Form.Item
      name={name}
      label={f[name as keyof typeof f]}
      extra={help[name as keyof typeof help]}
      rules={[schemaRule(settingsSchema, name, { checkEmpty: true })]}
      required
    >
      {/* No min/max on the input: an out-of-range value stays as typed and the rule says why. */}
      <InputNumber<number>
        precision={0}
        {...(unit === koSettings.units.won ? { formatter: formatWon, parser: parseWon } : {})}
        suffix={unit}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}

function SettingsForm({
  settings,
  canWrite,
  reload,
}: {
  settings: SettingsRecord;
  canWrite: boolean;
  reload: () => Promise<SettingsRecord | undefined>;
}) {
  const [form] = Form.useForm<SettingsFormValues>();
  const [baseline, setBaseline] = useState(settings);
  // The version read: a save made after another admin's is refused and compared, not merged over it.
  const [version, setVersion] = useState(settings.version);
  const save = useSaveSettings();
  const toast = useToast();
  const u = t.units;
  const staleVersion = useStaleVersionDialog<SettingsRecord>({
    form,
    latest: reload,
    toValues: settingsToValues,
    setVersion,
    labels: SETTINGS_LABELS,
    onReloaded: setBaseline,
  });

  const record = useRecordForm({
    form,
    schema: settingsSchema,
    fields: SETTINGS_FIELDS,
    toInput: settingsValuesToInput,
    submit: (data) =>
      save.mutateAsync({
        ...data,
        version,
        wageChangeReason: String(form.getFieldValue('wageChangeReason') ?? '').trim() || undefined,
      }),
    onSaved: (saved) => {
      setBaseline(saved);
      setVersion(saved.version);
      form.setFieldsValue({ ...settingsToValues(saved), wageChangeReason: '' });
      toast.success(t.saved);
    },
    onStaleVersion: () => staleVersion(() => record.setDirty(false)),
  });

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={settingsToValues(settings)}
      disabled={!canWrite}
      onFinish={record.handleFinish}
      onFinishFailed={record.handleFinishFailed}
      onValuesChange={record.handleValuesChange}
      scrollToFirstError={{ block: 'center' }}
      aria-label={koSettingsNav.settings}
    >
      {canWrite ? (
        <Alert type="info" showIcon title={t.loggedHint} style={{ marginBottom: 16 }} />
      ) : (
        <Alert type="warning" showIcon title={t.readOnly} style={{ marginBottom: 16 }} />
      )}
      <FormBanner messages={record.banner} />

      <FormSection title={t.sections.service}>
        <Form.Item
          name="serviceName"
          label={f.serviceName}
          extra={help.serviceName}
          rules={[schemaRule(settingsSchema, 'serviceName', { checkEmpty: true })]}
          required
        >
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="contactName"
          label={f.contactName}
          extra={help.contactName}
          rules={[schemaRule(settingsSchema, 'contactName')]}
        >
          <Input maxLength={50} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="contactEmail"
          label={f.contactEmail}
          extra={help.contactEmail}
          rules={[schemaRule(settingsSchema, 'contactEmail')]}
        >
          <Input maxLength={254} autoComplete="off" inputMode="email" />
        </Form.Item>
        <Form.Item
          name="contactPhone"
          label={f.contactPhone}
          extra={help.contactPhone}
          normalize={typePhone}
          rules={[schemaRule(settingsSchema, 'contactPhone')]}
        >
          <Input maxLength={20} autoComplete="off" inputMode="tel" />
        </Form.Item>
      </FormSection>

      <FormSection title={t.sections.security}>
        {numberField('sessionTimeoutMinutes', u.minutes)}
        {numberField('maxLoginFailures', u.times)}
        {numberField('lockoutMinutes', u.minutes)}
        {numberField('loginRateLimitPerMinute', u.times)}
        <WideField>
          <SecondFactorPolicyFields />
        </WideField>
      </FormSection>

      <FormSection title={t.sections.business}>
        <Form.Item
          name="visaAlertDays"
          label={f.visaAlertDays}
          extra={help.visaAlertDays}
          required
          rules={[
            {
              validator: async (_rule, value: string[] | undefined) => {
                const input = settingsValuesToInput({
                  ...form.getFieldsValue(true),
                  visaAlertDays: value ?? [],
                });
                const parsed = settingsSchema.shape.visaAlertDays.safeParse(
                  (input as { visaAlertDays: number[] }).visaAlertDays,
                );
                if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
              },
            },
          ]}
        >
          <Select
            mode="tags"
            open={false}
            suffixIcon={null}
            tokenSeparators={[',', ' ']}
            placeholder={t.visaDaysPlaceholder}
            aria-label={f.visaAlertDays}
          />
        </Form.Item>
        {numberField('defaultMatchingFee', u.won)}
        {numberField('dormantAfterDays', u.days)}
        <Form.Item
          name="exportReasonRequired"
          label={f.exportReasonRequired}
          extra={help.exportReasonRequired}
          valuePropName="checked"
        >
          <Switch aria-label={f.exportReasonRequired} />
        </Form.Item>
        <Form.Item
          name="addressSearchEnabled"
          label={f.addressSearchEnabled}
          extra={help.addressSearchEnabled}
          valuePropName="checked"
        >
          <Switch aria-label={f.addressSearchEnabled} />
        </Form.Item>
        <WideField>
          <WageTable disabled={!canWrite} />
          <QuotaTablesFields
            label={f.employerQuotaTables}
            help={help.employerQuotaTables}
            disabled={!canWrite}
          />
          <PilotSectorsFields disabled={!canWrite} />
          <Form.Item name="wageChangeReason" label={t.wageChangeReason} extra={help.wageChangeReason}>
            <Input maxLength={500} autoComplete="off" placeholder={t.wageChangeReasonPlaceholder} />
          </Form.Item>
        </WideField>
      </FormSection>

      <FormSection title={t.sections.privacy}>
        <WideField>
          <RetentionFields />
        </WideField>
        <WideField>
          <AccessReviewFields />
        </WideField>
      </FormSection>

      {canWrite && (
        <FormActions
          saving={record.saving}
          submitLabel={t.save}
          onCancel={() => {
            form.resetFields();
            form.setFieldsValue(settingsToValues(baseline));
            record.setDirty(false);
          }}
        />
      )}
    </Form>
  );
}

function LoadProblem({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const problem = classifyError(error);
  const forbidden = problem.type === 'authorization';
  return (
    <Result
      status={forbidden ? '403' : 'error'}
      title={forbidden ? koKit.detail.forbiddenTitle : t.loadFailed}
      subTitle={problem.message}
      extra={
        !forbidden && (
          <Button type="primary" onClick={onRetry}>
            {koKit.common.retry}
          </Button>
        )
      }
    />
  );
}

/** `/settings`: the system settings of docs/DOMAIN.md; a super admin edits them, others read them. */
export default function SettingsPage() {
  const can = useCan();
  const result = useSettings();
  return (
    <>
      <PageHeader />
      <SettingsNav />
      {result.data ? (
        <SettingsForm
          settings={result.data}
          canWrite={can('settings:write')}
          reload={async () => (await result.refetch()).data}
        />
      ) : result.isPending ? (
        <PageSpinner />
      ) : (
        <LoadProblem error={result.error} onRetry={() => void result.refetch()} />
      )}
    </>
  );
}

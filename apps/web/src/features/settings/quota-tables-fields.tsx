import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { QUOTA_TABLE_SECTORS, type QuotaTableVersion } from '@ilson/contracts';
import { Button, Card, Col, DatePicker, Flex, Form, Input, InputNumber, Row, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { parseDate, toDateString } from '../../lib/datetime';
import { koSettings } from '../../locales/ko/settings';

const t = koSettings.quota;

type BandValues = { maxInsured: number | null; limit: number | null };
/** A version as the form holds it: the 시행일 as a date picker's value. */
export type QuotaVersionValues = {
  effectiveFrom: Dayjs | null;
  bands: Record<(typeof QUOTA_TABLE_SECTORS)[number], BandValues[]>;
  note: string;
};

export function quotaTablesToValues(tables: readonly QuotaTableVersion[]): QuotaVersionValues[] {
  return [...tables]
    .sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom))
    .map((version) => ({ ...version, effectiveFrom: parseDate(version.effectiveFrom) }));
}

/** The form's versions as the setting: an empty 시행일 goes as '' so the contracts' schema names it. */
export function quotaValuesToTables(values: readonly QuotaVersionValues[] | undefined): unknown[] {
  return (values ?? []).map((version) => ({
    ...version,
    effectiveFrom: toDateString(version.effectiveFrom) ?? '',
    note: (version.note ?? '').trim(),
  }));
}

function Bands({
  version,
  sector,
  disabled,
}: {
  version: number;
  sector: (typeof QUOTA_TABLE_SECTORS)[number];
  disabled: boolean;
}) {
  const label = t.sectors[sector] ?? sector;
  return (
    <Form.List name={[version, 'bands', sector]}>
      {(fields, { add, remove }) => (
        <Flex vertical gap={6}>
          <Typography.Text strong>{label}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t.maxInsured} → {t.limit}
          </Typography.Text>
          {fields.map((field, index) => {
            const last = index === fields.length - 1;
            return (
              <Flex key={field.key} gap={6} align="center" wrap>
                <Form.Item name={[field.name, 'maxInsured']} style={{ marginBottom: 0 }}>
                  <InputNumber<number>
                    aria-label={`${label} ${index + 1} ${t.maxInsured}`}
                    placeholder={last ? t.openEnd : t.maxInsured}
                    min={1}
                    precision={0}
                    suffix={t.people}
                    disabled={disabled}
                    style={{ width: 128 }}
                  />
                </Form.Item>
                <span aria-hidden>→</span>
                <Form.Item name={[field.name, 'limit']} style={{ marginBottom: 0 }}>
                  <InputNumber<number>
                    aria-label={`${label} ${index + 1} ${t.limit}`}
                    placeholder={t.limit}
                    min={1}
                    precision={0}
                    suffix={t.people}
                    disabled={disabled}
                    style={{ width: 108 }}
                  />
                </Form.Item>
                {!disabled && (
                  <Button
                    aria-label={t.removeBand(label, index + 1)}
                    icon={<DeleteOutlined />}
                    onClick={() => remove(field.name)}
                  />
                )}
              </Flex>
            );
          })}
          {!disabled && (
            <Button
              type="dashed"
              size="small"
              icon={<PlusOutlined />}
              onClick={() => add({ maxInsured: null, limit: null }, Math.max(0, fields.length - 1))}
              style={{ alignSelf: 'flex-start' }}
            >
              {t.addBand}
            </Button>
          )}
        </Flex>
      )}
    </Form.List>
  );
}

/**
 * The 고용허용인원 table's versions (docs/law-as-data.md#operator-kept-rows): each with its 시행일, its source and the
 * bands of the sectors counted by insured employees. The last band of a sector is open-ended (blank: 그 이상); the
 * contracts' schema checks the rest when the settings are saved.
 */
export function QuotaTablesFields({
  label,
  help,
  disabled,
}: {
  label: string;
  help: string;
  disabled: boolean;
}) {
  const form = Form.useFormInstance();
  return (
    <Form.Item label={label} extra={help} required>
      <Form.List name="employerQuotaTables">
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical gap={12}>
            {fields.map((field, index) => (
              <Card
                key={field.key}
                size="small"
                title={t.version(index + 1)}
                extra={
                  !disabled &&
                  fields.length > 1 && (
                    <Button
                      size="small"
                      aria-label={t.removeVersion(index + 1)}
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                    />
                  )
                }
              >
                <Row gutter={[16, 8]}>
                  <Col xs={24} md={8}>
                    <Form.Item
                      name={[field.name, 'effectiveFrom']}
                      label={t.effectiveFrom}
                      rules={[{ required: true, message: t.effectiveFromRequired }]}
                    >
                      <DatePicker disabled={disabled} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={16}>
                    <Form.Item name={[field.name, 'note']} label={t.note}>
                      <Input maxLength={200} placeholder={t.notePlaceholder} disabled={disabled} />
                    </Form.Item>
                  </Col>
                  {QUOTA_TABLE_SECTORS.map((sector) => (
                    <Col key={sector} xs={24} md={12}>
                      <Bands version={field.name} sector={sector} disabled={disabled} />
                    </Col>
                  ))}
                </Row>
              </Card>
            ))}
            <Form.ErrorList errors={errors} />
            {!disabled && (
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => {
                  // A new decision usually changes a few figures: start from the latest version's bands.
                  const versions = (form.getFieldValue('employerQuotaTables') ?? []) as QuotaVersionValues[];
                  const latest = versions.at(-1);
                  add({
                    effectiveFrom: null,
                    note: '',
                    bands: latest
                      ? structuredClone(latest.bands)
                      : {
                          manufacturing: [{ maxInsured: null, limit: null }],
                          service: [{ maxInsured: null, limit: null }],
                        },
                  });
                }}
                style={{ alignSelf: 'flex-start' }}
              >
                {t.addVersion}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}

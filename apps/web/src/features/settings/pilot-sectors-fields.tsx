import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DUTIES_BY_INDUSTRY,
  DUTY_LABELS,
  INDUSTRIES,
  INDUSTRY_LABELS,
  type Industry,
  type PilotSector,
  VISA_TYPE_LABELS,
  VISA_TYPES,
} from '@ilson/contracts';
import { Button, Card, Flex, Form, Input, Select } from 'antd';
import { koSettings } from '../../locales/ko/settings';

const t = koSettings.pilots;

/** A pilot as the form holds it: an empty end is typed as ''. */
export type PilotValues = Omit<PilotSector, 'effectiveTo'> & { effectiveTo: string | null };

export function pilotsToValues(pilots: readonly PilotSector[]): PilotValues[] {
  return pilots.map((pilot) => ({
    ...pilot,
    duties: [...pilot.duties],
    effectiveTo: pilot.effectiveTo ?? '',
  }));
}

/** The form's pilots as the setting: a blank end is none, the texts trimmed. */
export function pilotValuesToSetting(values: readonly PilotValues[] | undefined): unknown[] {
  return (values ?? []).map((pilot) => ({
    ...pilot,
    effectiveFrom: String(pilot.effectiveFrom ?? '').trim(),
    effectiveTo: String(pilot.effectiveTo ?? '').trim() || null,
    note: String(pilot.note ?? '').trim(),
    duties: pilot.duties ?? [],
  }));
}

/**
 * The `pilotSectors` setting (docs/law-as-data.md#operator-kept-rows): the E-9 pilot sectors a super admin ends or
 * adds as the 외국인력정책위원회 decides; the form's schema and the server check each entry.
 */
export function PilotSectorsFields({ disabled }: { disabled: boolean }) {
  const form = Form.useFormInstance();
  return (
    <Form.Item label={t.title} extra={t.help}>
      <Form.List name="pilotSectors">
        {(fields, { add, remove }, { errors }) => (
          <Flex vertical gap={8}>
            {fields.map((field) => {
              const n = field.name + 1;
              return (
                <Card key={field.key} size="small" title={t.entry(n)}>
                  <Flex gap={8} wrap align="flex-start">
                    <Form.Item name={[field.name, 'visa']} label={t.visa} style={{ width: 140 }}>
                      <Select
                        aria-label={`${t.visa} ${n}`}
                        options={VISA_TYPES.map((v) => ({ value: v, label: VISA_TYPE_LABELS[v] }))}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'industry']} label={t.industry} style={{ width: 180 }}>
                      <Select
                        aria-label={`${t.industry} ${n}`}
                        options={INDUSTRIES.map((i) => ({ value: i, label: INDUSTRY_LABELS[i] }))}
                        onChange={() => form.setFieldValue(['pilotSectors', field.name, 'duties'], [])}
                      />
                    </Form.Item>
                    <Form.Item noStyle dependencies={[['pilotSectors', field.name, 'industry']]}>
                      {() => {
                        const industry = form.getFieldValue(['pilotSectors', field.name, 'industry']) as
                          | Industry
                          | undefined;
                        return (
                          <Form.Item name={[field.name, 'duties']} label={t.duties} style={{ minWidth: 220 }}>
                            <Select
                              mode="multiple"
                              aria-label={`${t.duties} ${n}`}
                              options={(industry ? DUTIES_BY_INDUSTRY[industry] : []).map((d) => ({
                                value: d,
                                label: DUTY_LABELS[d],
                              }))}
                            />
                          </Form.Item>
                        );
                      }}
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'effectiveFrom']}
                      label={t.effectiveFrom}
                      style={{ width: 140 }}
                    >
                      <Input aria-label={`${t.effectiveFrom} ${n}`} placeholder="YYYY-MM-DD" maxLength={10} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'effectiveTo']}
                      label={t.effectiveTo}
                      style={{ width: 160 }}
                    >
                      <Input aria-label={`${t.effectiveTo} ${n}`} placeholder={t.noEnd} maxLength={10} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'note']} label={t.note} style={{ flex: 1, minWidth: 240 }}>
                      <Input aria-label={`${t.note} ${n}`} maxLength={200} />
                    </Form.Item>
                    {!disabled && (
                      <Button
                        aria-label={t.remove(n)}
                        icon={<DeleteOutlined />}
                        onClick={() => remove(field.name)}
                        style={{ marginTop: 30 }}
                      />
                    )}
                  </Flex>
                </Card>
              );
            })}
            <Form.ErrorList errors={errors} />
            {!disabled && (
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() =>
                  add({
                    visa: 'E-9',
                    industry: undefined,
                    duties: [],
                    effectiveFrom: '',
                    effectiveTo: '',
                    note: '',
                  })
                }
                style={{ alignSelf: 'flex-start' }}
              >
                {t.add}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
    </Form.Item>
  );
}

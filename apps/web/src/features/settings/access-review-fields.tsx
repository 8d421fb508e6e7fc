import { type AccessReviewSettings, accessReviewSettingsSchema } from '@ilson/contracts';
import { Col, Form, InputNumber, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { formatWon, parseWon } from '../../components/form/formatters';
import { koSettings } from '../../locales/ko/settings';

const t = koSettings.accessReview;
type Field = keyof AccessReviewSettings;

const FIELDS: { name: Field; unit: string }[] = [
  { name: 'volumeFactor', unit: t.units.times },
  { name: 'minimumReveals', unit: t.units.count },
  { name: 'minimumExportRows', unit: t.units.rows },
  { name: 'workdayStartHour', unit: t.units.hour },
  { name: 'workdayEndHour', unit: t.units.hour },
  { name: 'newIpMinimum', unit: t.units.places },
];

/** Each threshold checked by the contract's schema; the end of the working day also against its start. */
const rulesOf = (name: Field): Rule[] => [
  {
    validator: async (_rule, value: unknown) => {
      const parsed = accessReviewSettingsSchema.shape[name].safeParse(value ?? undefined);
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
    },
  },
  ...(name === 'workdayEndHour'
    ? [
        ({ getFieldValue }: { getFieldValue(path: string[]): unknown }) => ({
          validator: async (_rule: unknown, value: unknown) => {
            const start = getFieldValue(['accessReview', 'workdayStartHour']);
            if (typeof start === 'number' && typeof value === 'number' && value <= start) {
              throw new Error(t.endAfterStart);
            }
          },
        }),
      ]
    : []),
];

/**
 * The thresholds of the monthly access review's automatic findings (docs/privacy-lifecycle.md#access-review):
 * how far above an admin's usual month counts as unusual, from how many reveals or rows, the working hours, and
 * how many new addresses make a finding.
 */
export function AccessReviewFields() {
  return (
    <Form.Item label={koSettings.fields.accessReview} extra={koSettings.help.accessReview} required>
      <Row gutter={[12, 0]}>
        {FIELDS.map(({ name, unit }) => (
          <Col key={name} xs={24} sm={12} md={8}>
            <Form.Item
              name={['accessReview', name]}
              label={t.fields[name]}
              rules={rulesOf(name)}
              dependencies={name === 'workdayEndHour' ? [['accessReview', 'workdayStartHour']] : undefined}
            >
              <InputNumber<number>
                precision={0}
                suffix={unit}
                style={{ width: '100%' }}
                {...(name === 'minimumExportRows' ? { formatter: formatWon, parser: parseWon } : {})}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </Form.Item>
  );
}

import {
  ACCESS_CHANGE_LOG_FLOOR,
  RETENTION_FLOORS,
  RETENTION_KIND_LABELS,
  RETENTION_KINDS,
  RETENTION_METHOD_BY_KIND,
  RETENTION_METHOD_LABELS,
  type RetentionKind,
  retentionFloorMessage,
  retentionRuleSchema,
} from '@ilson/contracts';
import { Col, Form, Input, InputNumber, Row, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { koSettings } from '../../locales/ko/settings';

const t = koSettings.retention;

/**
 * A rule checked by the contract's own schema, so the form and the server say the same thing; each kind is also
 * kept at least its legal floor (docs/privacy-lifecycle.md#floors).
 */
const ruleOf = (field: 'months' | 'basis', kind: RetentionKind): Rule => ({
  validator: async (_rule, value: unknown) => {
    const parsed = retentionRuleSchema.shape[field].safeParse(value ?? undefined);
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
    if (field === 'months' && Number(value) < RETENTION_FLOORS[kind].minMonths) {
      throw new Error(retentionFloorMessage(kind));
    }
  },
});

/**
 * The retention rules (docs/privacy-lifecycle.md#periods): per kind of record, the months its personal data is
 * kept after its purpose ends and the legal basis shown with it; what happens at the end is the kind's own.
 */
export function RetentionFields() {
  return (
    <Form.Item label={koSettings.fields.retention} extra={koSettings.help.retention} required>
      <div>
        {RETENTION_KINDS.map((kind) => (
          <RetentionRow key={kind} kind={kind} />
        ))}
      </div>
    </Form.Item>
  );
}

function RetentionRow({ kind }: { kind: RetentionKind }) {
  const { label, subject } = RETENTION_KIND_LABELS[kind];
  const floor = RETENTION_FLOORS[kind];
  return (
    <Row gutter={[12, 4]} align="top" style={{ marginBottom: 12 }}>
      <Col xs={24} md={6}>
        <Typography.Text strong>{label}</Typography.Text>
        <br />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {subject} · {RETENTION_METHOD_LABELS[RETENTION_METHOD_BY_KIND[kind]]}
        </Typography.Text>
        <br />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t.floor(floor.minMonths, floor.basis, floor.effectiveFrom)}
          {floor.verify ? ` ${t.floorVerify}` : ''}
        </Typography.Text>
        {kind === 'auditLogs' && (
          <>
            <br />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t.accessChanges(
                ACCESS_CHANGE_LOG_FLOOR.minMonths,
                ACCESS_CHANGE_LOG_FLOOR.basis,
                ACCESS_CHANGE_LOG_FLOOR.effectiveFrom,
              )}
              {ACCESS_CHANGE_LOG_FLOOR.verify ? ` ${t.floorVerify}` : ''}
            </Typography.Text>
          </>
        )}
      </Col>
      <Col xs={24} sm={8} md={5}>
        <Form.Item
          name={['retention', kind, 'months']}
          rules={[ruleOf('months', kind)]}
          style={{ marginBottom: 0 }}
        >
          <InputNumber<number>
            aria-label={t.months(label)}
            precision={0}
            suffix={t.monthsUnit}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={16} md={13}>
        <Form.Item
          name={['retention', kind, 'basis']}
          rules={[ruleOf('basis', kind)]}
          style={{ marginBottom: 0 }}
        >
          <Input aria-label={t.basis(label)} maxLength={200} />
        </Form.Item>
      </Col>
    </Row>
  );
}

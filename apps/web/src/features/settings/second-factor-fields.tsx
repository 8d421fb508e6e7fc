import { ROLE_LABELS, ROLES, secondFactorPolicySchema } from '@ilson/contracts';
import { Col, Form, InputNumber, Row, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { koSecondFactorPolicy } from '../../locales/ko/second-factor';

const t = koSecondFactorPolicy;
type Field = keyof typeof secondFactorPolicySchema.shape;

const rulesOf = (name: Field): Rule[] => [
  {
    validator: async (_rule, value: unknown) => {
      const parsed = secondFactorPolicySchema.shape[name].safeParse(value ?? undefined);
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
    },
  },
];

/**
 * 2단계 인증 정책 (docs/second-factor.md#policy): which roles must use a second factor, from where, the internal
 * networks, and how long a step-up lasts. A change that loosens it for oneself is refused by the server.
 */
export function SecondFactorPolicyFields() {
  return (
    <Form.Item label={t.title} extra={t.help} required>
      <Row gutter={[12, 0]}>
        <Col xs={24} md={12}>
          <Form.Item
            name={['secondFactor', 'requiredRoles']}
            label={t.requiredRoles}
            rules={rulesOf('requiredRoles')}
          >
            <Select
              mode="multiple"
              options={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
              aria-label={t.requiredRoles}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['secondFactor', 'where']} label={t.where} rules={rulesOf('where')}>
            <Select
              options={[
                { value: 'outside', label: t.outside },
                { value: 'everywhere', label: t.everywhere },
              ]}
              aria-label={t.where}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={['secondFactor', 'internalNetworks']}
            label={t.internalNetworks}
            extra={t.internalNetworksHelp}
            rules={rulesOf('internalNetworks')}
          >
            <Select
              mode="tags"
              open={false}
              suffixIcon={null}
              tokenSeparators={[',', ' ']}
              aria-label={t.internalNetworks}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={['secondFactor', 'stepUpMinutes']}
            label={t.stepUpMinutes}
            rules={rulesOf('stepUpMinutes')}
          >
            <InputNumber<number> precision={0} min={1} max={120} suffix="분" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </Form.Item>
  );
}

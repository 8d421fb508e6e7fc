import {
  seoulDay,
  VISA_TYPES,
  type VisaType,
  visaExpires,
  type Worker,
  workerIdentityWarnings,
} from '@ilson/contracts';
import { Alert, Form } from 'antd';
import type { ReactNode } from 'react';
import { koWorkers } from '../../locales/ko/workers';

/**
 * The 체류 만료일 field, marked required while the visa chosen has a stay limit (docs/DOMAIN.md#identity); the
 * form's schema (`workerFormSchema`) refuses it empty on submit, with its message on this field.
 */
export function VisaExpiryField({ label, children }: { label: string; children: ReactNode }) {
  const form = Form.useFormInstance();
  const visaType = Form.useWatch('visaType', form) as string | undefined;
  const expires =
    visaType !== undefined && (VISA_TYPES as readonly string[]).includes(visaType)
      ? visaExpires(visaType as VisaType, seoulDay())
      : false;
  return (
    <Form.Item name="visaExpiryDate" label={label} required={expires}>
      {children}
    </Form.Item>
  );
}

/**
 * A stored worker's breaches of the identity rules (kept from before them, never rewritten): each rule in a line
 * of Korean, as `npm run check:data` lists them (docs/DOMAIN.md#invariants, I-24 to I-26).
 */
export function IdentityWarnings({ worker }: { worker: Worker }) {
  const warnings = workerIdentityWarnings(worker, seoulDay());
  if (warnings.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={koWorkers.identityWarningsTitle}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      }
      style={{ marginBottom: 16 }}
    />
  );
}

import { VISA_STATUS_LABELS, type VisaStatus } from '@ilson/contracts';
import { type StatusColor, StatusTag } from './status-tag';

const VISA_VALIDITY_COLORS: Record<VisaStatus, StatusColor> = {
  valid: 'green',
  pending: 'processing',
  expired: 'red',
  cancelled: 'volcano',
};

/**
 * A worker's visa as it stands today (`visaValidity`, judged by the server from the expiry date): what every
 * screen shows. The declared `visaStatus` is only what the form edits.
 */
export function VisaValidityTag({ validity }: { validity: VisaStatus }) {
  return <StatusTag status={validity} labels={VISA_STATUS_LABELS} colors={VISA_VALIDITY_COLORS} />;
}

import { recordMessages, type workerExtensionSchema, type z } from '@ilson/contracts';
import { validationError } from '../../lib/errors';
import { checkExtensionDates } from './workers.identity-rules';
import type { WorkerRecord } from './workers.repository';

export type ExtensionInput = z.output<typeof workerExtensionSchema>;

/**
 * 체류기간 연장: applied (dated, today by default) → approved with a later expiry date, or back to none. Filing puts
 * the visa under review (심사 중), the only way it gets there (docs/DOMAIN.md#invariants); a withdrawal takes it
 * back to what its dates say, an approval to valid. A cancelled visa stays cancelled.
 */
export function extensionValues(current: WorkerRecord, input: ExtensionInput, today: string) {
  const values = extensionValuesOf(current, input, today);
  checkExtensionDates(current, values, today);
  return values;
}

function extensionValuesOf(current: WorkerRecord, input: ExtensionInput, today: string) {
  const underReview = current.visaStatus === 'pending';
  if (input.extensionStatus === 'none') {
    return {
      extensionStatus: 'none' as const,
      extensionAppliedAt: null,
      extensionApprovedAt: null,
      ...(underReview ? { visaStatus: 'valid' as const } : {}),
    };
  }
  if (input.extensionStatus === 'applied') {
    return {
      extensionStatus: 'applied' as const,
      extensionAppliedAt: input.extensionAppliedAt ?? today,
      extensionApprovedAt: null,
      ...(current.visaStatus === 'cancelled' ? {} : { visaStatus: 'pending' as const }),
    };
  }
  const field = 'new_visa_expiry_date';
  if (!input.newVisaExpiryDate) {
    throw validationError([{ field, message: recordMessages.newExpiryRequired }]);
  }
  if (current.visaExpiryDate && input.newVisaExpiryDate <= current.visaExpiryDate) {
    throw validationError([{ field, message: recordMessages.newExpiryNotLater }]);
  }
  return {
    extensionStatus: 'approved' as const,
    extensionAppliedAt: input.extensionAppliedAt ?? current.extensionAppliedAt,
    extensionApprovedAt: input.extensionApprovedAt ?? today,
    visaExpiryDate: input.newVisaExpiryDate,
    visaStatus: 'valid' as const,
  };
}

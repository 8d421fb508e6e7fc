import {
  arcAgreementIssues,
  extensionDateIssues,
  type IdentityIssue,
  type VisaType,
  visaExpiryIssues,
  workerIdentityIssues,
} from '@ilson/contracts';
import { validationError } from '../../lib/errors';
import type { WorkerRecord } from './workers.repository';

/**
 * The identity checks of an edit and of an extension (docs/DOMAIN.md#identity), on the record as it would be after
 * the change. The create runs them in its schema (`workerCreateSchema`); an edit's patch may hold only some of the
 * fields, so here the stored values fill the rest: a date of birth or gender changed while the 외국인등록번호 stays
 * is checked against the stored one (its masked form keeps the birth date and the 7th digit, the part the rule
 * reads, so nothing is decrypted). Only what the change touches is checked: a record kept from before the rules is
 * reported by `npm run check:data`, not refused on an unrelated edit.
 */

const wire = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function refuse(issues: IdentityIssue[]) {
  if (issues.length === 0) return;
  throw validationError(issues.map((issue) => ({ field: wire(issue.field), message: issue.message })));
}

type IdentityChanges = {
  dateOfBirth?: string;
  gender?: 'male' | 'female';
  visaType?: VisaType;
  visaExpiryDate?: string | null;
};

/** A new worker (the form's create, each row of an import's commit), whole. */
export function checkNewIdentity(worker: Parameters<typeof workerIdentityIssues>[0], today: string): void {
  refuse(workerIdentityIssues(worker, today));
}

/** `alienRegNo`: the plain digits sent, `null` to clear it, `undefined` when the edit sends none. */
export function checkEditedIdentity(
  current: WorkerRecord,
  changes: IdentityChanges,
  alienRegNo: string | null | undefined,
  today: string,
): void {
  const dateOfBirth = changes.dateOfBirth ?? current.dateOfBirth;
  const gender = changes.gender ?? current.gender;
  const issues: IdentityIssue[] = [];
  if (alienRegNo) {
    issues.push(...arcAgreementIssues({ alienRegNo, dateOfBirth, gender }, { today }));
  } else if (
    alienRegNo === undefined &&
    current.alienRegNoMasked &&
    ((changes.dateOfBirth !== undefined && changes.dateOfBirth !== current.dateOfBirth) ||
      (changes.gender !== undefined && changes.gender !== current.gender))
  ) {
    issues.push(
      ...arcAgreementIssues(
        { alienRegNo: current.alienRegNoMasked, dateOfBirth, gender },
        { stored: true, today },
      ),
    );
  }
  if (changes.visaType !== undefined || changes.visaExpiryDate !== undefined) {
    const visaExpiryDate =
      changes.visaExpiryDate !== undefined ? changes.visaExpiryDate : current.visaExpiryDate;
    issues.push(
      ...visaExpiryIssues({ visaType: changes.visaType ?? current.visaType, visaExpiryDate }, today),
    );
  }
  refuse(issues);
}

/**
 * An extension's dates as filed (출입국관리법 제25조): the date applied, when the change sets one, is on or before
 * the expiry it extends (the record's, before an approval replaces it) and not after today; an approval is not
 * dated after today.
 */
export function checkExtensionDates(
  current: WorkerRecord,
  values: {
    extensionStatus: string;
    extensionAppliedAt?: string | null;
    extensionApprovedAt?: string | null;
  },
  today: string,
): void {
  const appliedChanged =
    values.extensionAppliedAt && values.extensionAppliedAt !== current.extensionAppliedAt;
  const approvedChanged =
    values.extensionApprovedAt && values.extensionApprovedAt !== current.extensionApprovedAt;
  refuse(
    extensionDateIssues(
      {
        appliedAt: appliedChanged ? values.extensionAppliedAt : null,
        approvedAt: approvedChanged ? values.extensionApprovedAt : null,
        expiry: current.visaExpiryDate,
      },
      today,
    ),
  );
}

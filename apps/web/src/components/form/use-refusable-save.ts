import type { FormInstance } from 'antd';
import { useState } from 'react';
import { classifyError } from '../../api/errors';
import { type Refusal, refusalOf } from '../linked-records';
import { useErrorToast } from '../toast';
import { applyServerErrors } from './field-errors';

/**
 * The save of a dialog whose change the server may refuse because of other records (a held contract a permit, a
 * workplace change, an extension or new terms would break: docs/web-app.md#forms). What a refusal said goes
 * where the operator can act on it: field messages on their fields, the records it names in `refusal` (shown with
 * links above the form, the dialog staying open for another try), anything else in an error toast. `onStale` runs
 * after a 409 that named no record (a stale version: the lists have been refreshed, start again from there).
 */
export function useRefusableSave(
  form: FormInstance,
  fields: readonly string[],
  { onStale }: { onStale?: () => void } = {},
) {
  const showError = useErrorToast();
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  /** Runs `send`; true when it succeeded. */
  const save = async (send: () => Promise<unknown>): Promise<boolean> => {
    setRefusal(null);
    try {
      await send();
      return true;
    } catch (caught) {
      const error = classifyError(caught);
      const applied = applyServerErrors(form, error.details, fields);
      const refused = refusalOf(error.message, applied);
      if (refused) setRefusal(refused);
      else if (!applied.mapped) {
        showError(error);
        if (error.status === 409) onStale?.();
      }
      return false;
    }
  };

  return { refusal, save, clearRefusal: () => setRefusal(null) };
}

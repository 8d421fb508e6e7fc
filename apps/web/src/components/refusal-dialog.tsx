import { App } from 'antd';
import { useCallback } from 'react';
import { classifyError } from '../api/errors';
import { koKit } from '../locales/ko/kit';
import { openRefusalDialog } from './linked-records';

const t = koKit.refusal;

/** What was refused: a restore from the trash or an undo of a status change. */
export type RefusedAction = 'restore' | 'undo';

/** A refusal for a rule (409) or for what the record holds (422), as opposed to a failure to reach the server. */
const REFUSAL_STATUSES = [409, 422];

/**
 * A restore or an undo the server refused because the way back would break a rule now
 * (docs/undo-and-trash.md): a dialog that stays until closed, with the server's message, each reason it gave
 * and links to the records in the way; following a link closes it. Answers false for any other error (the
 * network, the server failing), which the caller shows as before.
 */
export function useReversalRefusal() {
  const { modal } = App.useApp();
  return useCallback(
    (caught: unknown, action: RefusedAction): boolean => {
      const error = classifyError(caught);
      if (error.status === undefined || !REFUSAL_STATUSES.includes(error.status)) return false;
      error.handled = true;
      openRefusalDialog(modal, {
        title: action === 'restore' ? t.restoreTitle : t.undoTitle,
        refusal: error,
        lead: error.message,
        listHeading: t.inTheWay,
        width: 560,
        testId: 'refusal-dialog',
      });
      return true;
    },
    [modal],
  );
}

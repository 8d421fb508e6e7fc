import { UNDO_TOAST_SECONDS, type UndoInput, undoApi, undoMessages } from '@ilson/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useCallback } from 'react';
import { call } from '../api/endpoint';
import { useReversalRefusal } from './refusal-dialog';
import { useErrorToast, useToast } from './toast';

export type UndoTarget = UndoInput;

/**
 * The toast after a status change, with 되돌리기 for `UNDO_TOAST_SECONDS` (docs/undo-and-trash.md). Clicking it asks
 * the server to put the change back (the same admin, within the window, nothing changed since); every screen then
 * reads again, since an undo may also put back rows that changed with the record (an employer's job posts). A
 * refusal for a rule opens a dialog that names the rule and the records in the way.
 */
export function useUndoToast() {
  const toast = useToast();
  const showError = useErrorToast();
  const showRefusal = useReversalRefusal();
  const queryClient = useQueryClient();
  return useCallback(
    (content: string, target: UndoTarget, options: { key?: string; onUndone?: () => void } = {}) => {
      const key = options.key ?? `undo-${target.targetType}-${target.targetId}`;
      const undo = async () => {
        toast.destroy(key);
        try {
          await call(undoApi.undo, { body: target });
          options.onUndone?.();
          toast.success(undoMessages.done);
        } catch (error) {
          // A rule in the way is a dialog naming it (and the records); a failure to reach the server a toast.
          if (!showRefusal(error, 'undo')) showError(error);
        } finally {
          await queryClient.invalidateQueries();
        }
      };
      toast.open({
        key,
        type: 'success',
        duration: UNDO_TOAST_SECONDS,
        content: (
          <span>
            {content}{' '}
            <Button type="link" size="small" onClick={undo} style={{ paddingInline: 4 }}>
              {undoMessages.action}
            </Button>
          </span>
        ),
      });
    },
    [toast, showError, showRefusal, queryClient],
  );
}

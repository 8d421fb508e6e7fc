import { App } from 'antd';
import { type ReactNode, useCallback } from 'react';
import { koKit } from '../../locales/ko/kit';
import { useRefusalDialog } from '../linked-records';

/**
 * Asks before a delete. A refusal naming records (matchings under way) opens a dialog linking to them; any
 * other error is toasted by the query client.
 */
export function useConfirmDelete() {
  const { modal } = App.useApp();
  const showRefusal = useRefusalDialog();
  return useCallback(
    (run: () => Promise<unknown>, options: { content?: ReactNode } = {}) => {
      const t = koKit.common;
      modal.confirm({
        title: t.deleteConfirmTitle,
        content: options.content ?? t.deleteConfirmBody,
        okText: t.delete,
        okButtonProps: { danger: true },
        cancelText: t.cancel,
        onOk: () =>
          run().catch((caught: unknown) => {
            showRefusal(caught);
          }),
      });
    },
    [modal, showRefusal],
  );
}

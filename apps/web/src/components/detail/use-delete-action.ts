import { App } from 'antd';
import { useCallback } from 'react';
import { koRecords } from '../../locales/ko-records';

/** Asks before a delete; the mutation's error, if any, is toasted by the query client. */
export function useConfirmDelete() {
  const { modal } = App.useApp();
  return useCallback(
    (run: () => Promise<unknown>) => {
      const t = koRecords.common;
      modal.confirm({
        title: t.deleteConfirmTitle,
        content: t.deleteConfirmBody,
        okText: t.delete,
        okButtonProps: { danger: true },
        cancelText: t.cancel,
        onOk: () => run().catch(() => undefined),
      });
    },
    [modal],
  );
}

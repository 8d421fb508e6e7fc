import { DownloadOutlined } from '@ant-design/icons';
import type { ExportResource } from '@ilson/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { useCan } from '../../auth/permissions';
import { koExports } from '../../locales/ko/exports';
import type { ExportQuery } from './download';
import { ExportModal } from './export-modal';

export type ExportButtonProps = {
  resource: ExportResource;
  /** The list's current query (`useListParams(...).query`): its filters and sort go along, its paging not. */
  query: ExportQuery;
};

/** A list page's 내보내기 (docs/web-app.md#screens), for those allowed to export. */
export function ExportButton({ resource, query }: ExportButtonProps) {
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can('exports:run')) return null;
  return (
    <>
      <Button icon={<DownloadOutlined />} data-testid={`export-${resource}`} onClick={() => setOpen(true)}>
        {koExports.button}
      </Button>
      {open && <ExportModal resource={resource} query={query} onClose={() => setOpen(false)} />}
    </>
  );
}

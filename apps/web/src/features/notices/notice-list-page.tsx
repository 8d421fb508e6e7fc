import { PlusOutlined } from '@ant-design/icons';
import { NOTICE_SORTS, type Notice } from '@ilson/contracts';
import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import { useCan } from '../../auth/permissions';
import { ListTable } from '../../components/list/list-table';
import { useListParams } from '../../components/list/use-list-params';
import { PageHeader, useCurrentPage } from '../../layout/page-header';
import { screenHref } from '../../lib/screen-paths';
import { koNotices } from '../../locales/ko/notices';
import { NOTICE_FILTERS, useNoticeList } from './api';
import { noticeColumns, noticePath } from './columns';
import { NoticeFilters } from './filters';
import './notices.css';

/** Pinned notices come first (the server orders them so); they are set apart by their mark and a tint. */
export default function NoticeListPage() {
  const list = useListParams({ filters: NOTICE_FILTERS, sorts: NOTICE_SORTS, defaultSort: 'published_at' });
  const result = useNoticeList(list.query);
  const can = useCan();
  const navigate = useNavigate();
  const page = useCurrentPage();
  const t = koNotices;

  return (
    <>
      <PageHeader
        extra={
          can('notices:write') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(screenHref('notice-new'))}>
              {t.create}
            </Button>
          )
        }
      />
      <NoticeFilters list={list} />
      <Card>
        <ListTable<Notice>
          settingsKey="notices"
          label={page?.title ?? ''}
          list={list}
          result={result}
          columns={noticeColumns}
          emptyText={t.empty}
          detailPath={noticePath}
          rowClassName={(notice) => (notice.isPinned ? 'notice-row-pinned' : '')}
        />
      </Card>
    </>
  );
}

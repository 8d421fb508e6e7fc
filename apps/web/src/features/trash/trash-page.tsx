import {
  DEFAULT_PAGE_SIZE,
  TRASH_PERMISSIONS,
  TRASH_TYPE_LABELS,
  TRASH_TYPES,
  type TrashItem,
  type TrashType,
  trashMessages,
} from '@ilson/contracts';
import {
  Alert,
  Button,
  Card,
  Popconfirm,
  Segmented,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useSearchParams } from 'react-router';
import { useCan } from '../../auth/permissions';
import { useReversalRefusal } from '../../components/refusal-dialog';
import { useErrorToast, useToast } from '../../components/toast';
import { PageHeader } from '../../layout/page-header';
import { formatDateTime } from '../../lib/datetime';
import { type ScreenId, screenHref } from '../../lib/screen-paths';
import { koTrash } from '../../locales/ko/trash';
import { useRestore, useTrashList } from './api';

const t = koTrash;

/** The page of a restored record. */
const DETAIL_SCREENS = {
  employer: 'employer-detail',
  worker: 'worker-detail',
  job_post: 'job-post-detail',
  resume: 'resume-detail',
  notice: 'notice-detail',
} as const satisfies Record<TrashType, ScreenId>;

/**
 * 휴지통 (docs/undo-and-trash.md): the deleted records of one kind at a time — the kinds the admin may edit — newest
 * delete first, with who deleted them and until when they can come back. The address keeps the kind and the page.
 */
export default function TrashPage() {
  const can = useCan();
  const toast = useToast();
  const showError = useErrorToast();
  const showRefusal = useReversalRefusal();
  const [params, setParams] = useSearchParams();
  const kinds = TRASH_TYPES.filter((type) => can(TRASH_PERMISSIONS[type]));
  const asked = params.get('type') as TrashType | null;
  const type = asked && kinds.includes(asked) ? asked : (kinds[0] ?? 'employer');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const result = useTrashList({ type, page, pageSize: DEFAULT_PAGE_SIZE });
  const restore = useRestore();

  const go = (next: { type?: TrashType; page?: number }) => {
    const search = new URLSearchParams();
    search.set('type', next.type ?? type);
    if ((next.page ?? 1) > 1) search.set('page', String(next.page));
    setParams(search);
  };

  const handleRestore = async (item: TrashItem) => {
    let done: Awaited<ReturnType<typeof restore.mutateAsync>>;
    try {
      done = await restore.mutateAsync({ type: item.type, id: item.id });
    } catch (error) {
      // A rule in the way (a closed branch, a deleted employer) stays on screen until read, with the records.
      if (!showRefusal(error, 'restore')) showError(error);
      return;
    }
    toast.success(
      <span>
        {trashMessages.restored(done.label)}{' '}
        <Typography.Link href={screenHref(DETAIL_SCREENS[done.type], { id: done.id })}>
          {t.open}
        </Typography.Link>
      </span>,
    );
  };

  const columns: TableColumnsType<TrashItem> = [
    { key: 'label', title: t.columns.label, dataIndex: 'label', ellipsis: { showTitle: true } },
    {
      key: 'branch',
      title: t.columns.branch,
      dataIndex: 'branchName',
      width: 140,
      render: (value: string | null) => value ?? '-',
    },
    {
      key: 'deletedAt',
      title: t.columns.deletedAt,
      dataIndex: 'deletedAt',
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'deletedBy',
      title: t.columns.deletedBy,
      dataIndex: 'deletedByName',
      width: 130,
      render: (value: string | null) => value ?? t.unknownAdmin,
    },
    {
      key: 'restorableUntil',
      title: t.columns.restorableUntil,
      dataIndex: 'restorableUntil',
      width: 170,
      render: (value: string, item) => (item.restorable ? formatDateTime(value) : <Tag>{t.expired}</Tag>),
    },
    {
      key: 'actions',
      title: t.columns.actions,
      width: 90,
      fixed: 'right',
      render: (_, item) => (
        <Popconfirm
          title={t.confirm(item.label)}
          description={t.confirmHint}
          okText={trashMessages.restore}
          onConfirm={() => handleRestore(item)}
          disabled={!item.restorable}
        >
          <Button
            size="small"
            disabled={!item.restorable}
            aria-label={`${item.label} ${trashMessages.restore}`}
          >
            {trashMessages.restore}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <>
      <PageHeader />
      <Alert type="info" showIcon title={t.intro} style={{ marginBottom: 16 }} />
      <Card>
        <Segmented<TrashType>
          aria-label={t.kinds}
          value={type}
          options={kinds.map((kind) => ({ value: kind, label: TRASH_TYPE_LABELS[kind] }))}
          onChange={(kind) => go({ type: kind })}
          style={{ marginBottom: 16, maxWidth: '100%', overflowX: 'auto' }}
        />
        <Table<TrashItem>
          rowKey={(item) => `${item.type}-${item.id}`}
          columns={columns}
          dataSource={result.data?.data ?? []}
          loading={result.isFetching}
          // Sideways inside its box on a phone (an empty one becomes a Tab stop: components/a11y-patches.ts).
          scroll={{ x: 800 }}
          locale={{ emptyText: <Typography.Text type="secondary">{trashMessages.empty}</Typography.Text> }}
          pagination={{
            current: page,
            pageSize: DEFAULT_PAGE_SIZE,
            total: result.data?.meta.total ?? 0,
            showSizeChanger: false,
            onChange: (next) => go({ page: next }),
          }}
        />
      </Card>
    </>
  );
}

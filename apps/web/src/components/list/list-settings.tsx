import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  DownOutlined,
  LinkOutlined,
  SaveOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import {
  DENSITIES,
  DENSITY_LABELS,
  type Density,
  type ListSettings,
  type SavedView,
  type ViewList,
  viewsApi,
} from '@ilson/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Checkbox,
  Dropdown,
  Flex,
  Form,
  Input,
  Modal,
  Popover,
  Segmented,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { call, endpointQuery, endpointScope } from '../../api/endpoint';
import { useSession } from '../../auth/session-context';
import { koKit } from '../../locales/ko/kit';
import { useErrorToast } from '../toast';

const t = koKit.views;
const DEFAULTS: ListSettings = { columns: null, density: 'middle', pageSize: null };

/** A column's key as list settings name it: its `key`, else its data index. */
export function columnId(column: ColumnsType<unknown>[number]): string {
  const c = column as { key?: unknown; dataIndex?: unknown };
  if (c.key !== undefined) return String(c.key);
  return Array.isArray(c.dataIndex) ? c.dataIndex.join('.') : String(c.dataIndex ?? '');
}

/** The admin's settings of a list (docs/saved-views.md), saved as they change. */
export function useListSettings(key: ViewList | undefined) {
  const queryClient = useQueryClient();
  const query = endpointQuery(viewsApi.settings, { params: { list: key ?? 'employers' } });
  // Without them the list shows as designed: a failed read is not worth a toast.
  const settings = useQuery({
    ...query,
    enabled: key !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { errorToast: false },
  });
  const save = useMutation({
    mutationFn: (next: ListSettings) => call(viewsApi.saveSettings, { params: { list: key! }, body: next }),
    onMutate: (next) => queryClient.setQueryData(query.queryKey, next),
    meta: { errorToast: false },
  });
  const current = settings.data ?? DEFAULTS;
  return {
    settings: current,
    loaded: key === undefined || settings.isSuccess || settings.isError,
    update: (patch: Partial<ListSettings>) => save.mutate({ ...current, ...patch }),
  };
}

/** The columns as the settings show them: chosen ones in their order, the rest left out. */
export function arrangeColumns<T>(columns: ColumnsType<T>, chosen: string[] | null): ColumnsType<T> {
  if (!chosen) return columns;
  const byId = new Map(columns.map((column) => [columnId(column as ColumnsType<unknown>[number]), column]));
  const arranged = chosen.map((id) => byId.get(id)).filter((column) => column !== undefined);
  return arranged.length > 0 ? arranged : columns;
}

const titleOf = (column: ColumnsType<unknown>[number]) =>
  typeof column.title === 'string' ? column.title : columnId(column);

/** Above a list: saved views (left), row density and the column chooser (right). */
export function ListToolbar<T>({
  viewKey,
  columns,
  settings,
  onChange,
}: {
  viewKey: ViewList;
  columns: ColumnsType<T>;
  settings: ListSettings;
  onChange: (patch: Partial<ListSettings>) => void;
}) {
  return (
    <Flex
      justify="space-between"
      align="center"
      gap={8}
      wrap
      style={{ marginBottom: 12 }}
      role="toolbar"
      aria-label={t.toolbar}
    >
      <SavedViews viewKey={viewKey} />
      <Flex gap={8} align="center" wrap>
        <Segmented<Density>
          size="small"
          aria-label={t.density}
          value={settings.density}
          options={DENSITIES.map((d) => ({ value: d, label: DENSITY_LABELS[d] }))}
          onChange={(density) => onChange({ density })}
        />
        <ColumnChooser
          columns={columns as ColumnsType<unknown>}
          chosen={settings.columns}
          onChange={onChange}
        />
      </Flex>
    </Flex>
  );
}

function ColumnChooser({
  columns,
  chosen,
  onChange,
}: {
  columns: ColumnsType<unknown>;
  chosen: string[] | null;
  onChange: (patch: Partial<ListSettings>) => void;
}) {
  const all = columns.map((column) => ({ id: columnId(column), title: titleOf(column) }));
  const shown = chosen ?? all.map((c) => c.id);
  // Shown ones in their order first, then the hidden ones in the list's own order.
  const ordered = [
    ...shown.map((id) => all.find((c) => c.id === id)).filter((c) => c !== undefined),
    ...all.filter((c) => !shown.includes(c.id)),
  ];
  const set = (next: string[]) => onChange({ columns: next.length > 0 ? next : null });
  const move = (id: string, by: number) => {
    const at = shown.indexOf(id);
    const next = [...shown];
    next.splice(at, 1);
    next.splice(Math.max(0, Math.min(next.length, at + by)), 0, id);
    set(next);
  };
  const content = (
    <Flex vertical gap={4} style={{ minWidth: 220 }}>
      {ordered.map((column) => {
        const visible = shown.includes(column.id);
        return (
          <Flex key={column.id} align="center" justify="space-between" gap={8}>
            <Checkbox
              checked={visible}
              disabled={visible && shown.length === 1}
              onChange={(event) =>
                set(event.target.checked ? [...shown, column.id] : shown.filter((id) => id !== column.id))
              }
            >
              {column.title}
            </Checkbox>
            {visible && (
              <span>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  aria-label={t.up(column.title)}
                  disabled={shown.indexOf(column.id) === 0}
                  onClick={() => move(column.id, -1)}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label={t.down(column.title)}
                  disabled={shown.indexOf(column.id) === shown.length - 1}
                  onClick={() => move(column.id, 1)}
                />
              </span>
            )}
          </Flex>
        );
      })}
      <Button size="small" onClick={() => onChange({ columns: null })} style={{ marginTop: 8 }}>
        {t.resetColumns}
      </Button>
    </Flex>
  );
  return (
    <Popover content={content} title={t.columnsTitle} trigger="click" placement="bottomRight">
      <Button size="small" icon={<SettingOutlined />}>
        {t.columns}
      </Button>
    </Popover>
  );
}

/** The list's address parameters without its page: what a view keeps. */
function currentQuery(search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  params.delete('page');
  return Object.fromEntries(params.entries());
}

function SavedViews({ viewKey }: { viewKey: ViewList }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const session = useSession();
  const canShare = session.user?.role === 'super_admin' || session.user?.role === 'admin';
  const views = useQuery({
    ...endpointQuery(viewsApi.list, { query: { list: viewKey } }),
    staleTime: 60_000,
  });
  const [saving, setSaving] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointScope(viewsApi.list) });
  const remove = useMutation({
    mutationFn: (view: SavedView) => call(viewsApi.remove, { params: { id: view.id } }),
    onSuccess: () => {
      void message.success(t.removed);
      void refresh();
    },
    onError: (error) => showError(error),
  });
  const open = (view: SavedView) => navigate(`${pathname}?${new URLSearchParams(view.query).toString()}`);
  const confirmRemove = (view: SavedView) =>
    modal.confirm({
      title: t.remove(view.name),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(view),
    });

  const list = views.data?.data ?? [];
  const item = (view: SavedView): { key: string; label: ReactNode } => ({
    key: String(view.id),
    label: (
      <Flex justify="space-between" align="center" gap={12}>
        <span>
          {view.shared && <TeamOutlined aria-label={t.team} style={{ marginInlineEnd: 6 }} />}
          {view.name}
        </span>
        {view.mine && (
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t.remove(view.name)}
            onClick={(event) => {
              event.stopPropagation();
              confirmRemove(view);
            }}
          />
        )}
      </Flex>
    ),
  });
  const mine = list.filter((v) => v.mine);
  const team = list.filter((v) => !v.mine);
  const items = [
    ...(mine.length
      ? [{ type: 'group' as const, key: 'mine', label: t.mine, children: mine.map(item) }]
      : []),
    ...(team.length
      ? [{ type: 'group' as const, key: 'team', label: t.team, children: team.map(item) }]
      : []),
    ...(list.length === 0 ? [{ key: 'none', label: t.noViews, disabled: true }] : []),
    { type: 'divider' as const },
    { key: 'save', icon: <SaveOutlined />, label: t.saveCurrent, onClick: () => setSaving(true) },
    {
      key: 'link',
      icon: <LinkOutlined />,
      label: t.copyLink,
      onClick: async () => {
        await navigator.clipboard?.writeText(window.location.href).catch(() => undefined);
        void message.success(t.copied);
      },
    },
  ];
  return (
    <>
      <Dropdown
        menu={{
          items,
          onClick: ({ key }) => {
            const view = list.find((v) => String(v.id) === key);
            if (view) open(view);
          },
        }}
        trigger={['click']}
      >
        <Button size="small">
          {t.views} <DownOutlined />
        </Button>
      </Dropdown>
      {saving && (
        <SaveViewModal
          viewKey={viewKey}
          query={currentQuery(search)}
          canShare={canShare}
          onClose={() => setSaving(false)}
          onSaved={(view) => {
            setSaving(false);
            void message.success(t.saved(view.name));
            void refresh();
          }}
        />
      )}
    </>
  );
}

function SaveViewModal({
  viewKey,
  query,
  canShare,
  onClose,
  onSaved,
}: {
  viewKey: ViewList;
  query: Record<string, string>;
  canShare: boolean;
  onClose: () => void;
  onSaved: (view: SavedView) => void;
}) {
  const [form] = Form.useForm<{ name: string; shared?: boolean }>();
  const showError = useErrorToast();
  const create = useMutation({
    mutationFn: (values: { name: string; shared?: boolean }) =>
      call(viewsApi.create, {
        body: { list: viewKey, name: values.name, query, shared: values.shared ?? false },
      }),
  });
  const submit = async () => {
    const values = await form.validateFields();
    try {
      onSaved(await create.mutateAsync(values));
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Modal
      open
      title={t.saveTitle}
      okText={t.save}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="name"
          label={t.name}
          rules={[{ required: true, whitespace: true, message: t.namePlaceholder }]}
        >
          <Input maxLength={50} placeholder={t.namePlaceholder} autoFocus />
        </Form.Item>
        {canShare && (
          <Form.Item name="shared" valuePropName="checked" extra={t.shareHint}>
            <Checkbox>{t.share}</Checkbox>
          </Form.Item>
        )}
      </Form>
      <Typography.Text type="secondary">{new URLSearchParams(query).toString() || '—'}</Typography.Text>
    </Modal>
  );
}

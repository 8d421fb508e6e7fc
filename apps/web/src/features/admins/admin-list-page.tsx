import { PlusOutlined } from '@ant-design/icons';
import { ADMIN_SORTS, type Admin } from '@ilson/contracts';
import { App, Button, Card, Result } from 'antd';
import { useState } from 'react';
import { useCan } from '../../auth/permissions';
import { useSession } from '../../auth/session-context';
import { ListTable } from '../../components/list/list-table';
import { useListParams } from '../../components/list/use-list-params';
import { useErrorToast, useToast } from '../../components/toast';
import { PageHeader } from '../../layout/page-header';
import { SettingsNav } from '../../layout/settings-nav';
import { koAdmins } from '../../locales/ko/admins';
import { koKit } from '../../locales/ko/kit';
import { koSettingsNav } from '../../locales/ko/settings';
import { AdminCreateModal, AdminEditModal } from './admin-form-modal';
import { AdminSessionsModal, ResetSecondFactorModal } from './admin-security-modals';
import { ADMIN_FILTERS, useAdminAction, useAdminList, useResetAdminPassword } from './api';
import { type AdminRowAction, adminColumns } from './columns';
import { AdminFilters } from './filters';
import { type TemporaryPassword, TemporaryPasswordModal } from './temporary-password-modal';

const t = koAdmins;

type Editing =
  | { mode: 'create' }
  | { mode: 'edit'; admin: Admin }
  | { mode: 'sessions'; admin: Admin }
  | { mode: 'resetSecondFactor'; admin: Admin }
  | null;

function AdminAccounts() {
  const list = useListParams({ filters: ADMIN_FILTERS, sorts: ADMIN_SORTS, defaultSort: 'created_at' });
  const result = useAdminList(list.query);
  const { user } = useSession();
  const { modal } = App.useApp();
  const toast = useToast();
  const showError = useErrorToast();
  const action = useAdminAction();
  const reset = useResetAdminPassword();
  const [editing, setEditing] = useState<Editing>(null);
  const [temporary, setTemporary] = useState<TemporaryPassword | null>(null);

  const confirm = (
    title: string,
    content: string,
    okText: string,
    danger: boolean,
    run: () => Promise<void>,
  ) =>
    modal.confirm({
      title,
      content,
      okText,
      okButtonProps: { danger },
      cancelText: t.cancel,
      onOk: async () => {
        try {
          await run();
        } catch (error) {
          showError(error);
        }
      },
    });

  const handleAction = (admin: Admin, kind: AdminRowAction) => {
    const c = t.confirm;
    switch (kind) {
      case 'edit':
      case 'sessions':
      case 'resetSecondFactor':
        setEditing({ mode: kind, admin });
        return;
      case 'reset':
        confirm(c.resetTitle(admin.name), c.resetBody, t.resetPassword, true, async () => {
          const done = await reset.mutateAsync(admin);
          toast.success(t.done.reset);
          setTemporary({
            title: t.temporary.resetTitle,
            loginId: done.admin.loginId,
            password: done.temporaryPassword ?? '',
          });
        });
        return;
      default: {
        const texts = {
          unlock: [c.unlockTitle(admin.name), c.unlockBody, t.unlock, t.done.unlock],
          disable: [c.disableTitle(admin.name), c.disableBody, t.disable, t.done.disable],
          enable: [c.enableTitle(admin.name), c.enableBody, t.enable, t.done.enable],
        } as const;
        const [title, body, ok, done] = texts[kind];
        confirm(title, body, ok, kind === 'disable', async () => {
          await action.mutateAsync({ admin, action: kind });
          toast.success(done);
        });
      }
    }
  };

  return (
    <>
      <PageHeader
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
            {t.create}
          </Button>
        }
      />
      <SettingsNav />
      <AdminFilters list={list} />
      <Card>
        <ListTable<Admin>
          label={koSettingsNav.admins}
          list={list}
          result={result}
          columns={adminColumns({ selfId: user?.id, onAction: handleAction })}
          emptyText={t.empty}
        />
      </Card>
      {editing?.mode === 'create' && (
        <AdminCreateModal
          onClose={() => setEditing(null)}
          onCreated={(created) => {
            setEditing(null);
            toast.success(t.created);
            if (created.temporaryPassword) {
              setTemporary({
                title: t.temporary.createdTitle,
                loginId: created.admin.loginId,
                password: created.temporaryPassword,
              });
            }
          }}
        />
      )}
      {editing?.mode === 'edit' && (
        <AdminEditModal admin={editing.admin} selfId={user?.id} onClose={() => setEditing(null)} />
      )}
      {editing?.mode === 'sessions' && (
        <AdminSessionsModal admin={editing.admin} onClose={() => setEditing(null)} />
      )}
      {editing?.mode === 'resetSecondFactor' && (
        <ResetSecondFactorModal admin={editing.admin} onClose={() => setEditing(null)} />
      )}
      <TemporaryPasswordModal value={temporary} onClose={() => setTemporary(null)} />
    </>
  );
}

/** `/settings/admins`: admin accounts, for the super admin only (the server refuses everyone else too). */
export default function AdminListPage() {
  const can = useCan();
  if (!can('admins:manage')) {
    return (
      <>
        <PageHeader />
        <SettingsNav />
        <Result status="403" title={koKit.detail.forbiddenTitle} subTitle={t.forbidden} />
      </>
    );
  }
  return <AdminAccounts />;
}

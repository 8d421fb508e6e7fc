import { APP_USER_SORTS, type AppUser } from '@ilson/contracts';
import { Card } from 'antd';
import { useSearchParams } from 'react-router';
import { parseId } from '../../components/detail/record-state';
import { ListTable } from '../../components/list/list-table';
import { useListParams } from '../../components/list/use-list-params';
import { PageHeader, useCurrentPage } from '../../layout/page-header';
import { screenHref } from '../../lib/screen-paths';
import { koUsers } from '../../locales/ko/app-users';
import { APP_USER_FILTERS, useAppUserList } from './api';
import { appUserColumns } from './columns';
import { AppUserFilters } from './filters';
import { AppUserDrawer } from './user-drawer';

/** `/users`: the app's members; a row opens the member in a drawer, its id kept in `?user=`. */
export default function UserListPage() {
  const list = useListParams({ filters: APP_USER_FILTERS, sorts: APP_USER_SORTS, defaultSort: 'joined_at' });
  const result = useAppUserList(list.query);
  const page = useCurrentPage();
  const [searchParams, setSearchParams] = useSearchParams();
  const openId = parseId(searchParams.get('user') ?? undefined);

  const withUser = (id: number | null) => {
    const next = new URLSearchParams(searchParams);
    if (id === null) next.delete('user');
    else next.set('user', String(id));
    return next;
  };

  return (
    <>
      <PageHeader />
      <AppUserFilters list={list} />
      <Card>
        <ListTable<AppUser>
          settingsKey="users"
          label={page?.title ?? ''}
          list={list}
          result={result}
          columns={appUserColumns}
          emptyText={koUsers.empty}
          detailPath={(user) => screenHref('user-list', withUser(user.id))}
          rowClassName={(user) => (user.id === openId ? 'ant-table-row-selected' : '')}
        />
      </Card>
      <AppUserDrawer id={openId} onClose={() => setSearchParams(withUser(null))} />
    </>
  );
}

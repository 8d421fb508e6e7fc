import { ADMIN_STATUS_LABELS, ADMIN_STATUSES, ROLE_LABELS, ROLES } from '@ilson/contracts';
import type { ReactNode } from 'react';
import { useBranchOptions } from '../../components/branch-select';
import { FilterBar, SearchFilter, SelectFilter } from '../../components/list/filter-bar';
import type { ListParams } from '../../components/list/use-list-params';
import { koAdmins } from '../../locales/ko/admins';

const t = koAdmins;
const roleOptions = ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));
const statusOptions = ADMIN_STATUSES.map((value) => ({ value, label: ADMIN_STATUS_LABELS[value] }));

// biome-ignore lint/suspicious/noExplicitAny: the admin list's params.
export function AdminFilters({ list, extra }: { list: ListParams<any, any>; extra?: ReactNode }) {
  const { options: branchOptions } = useBranchOptions();
  return (
    <FilterBar list={list} extra={extra}>
      <SearchFilter list={list} placeholder={t.searchPlaceholder} width={240} />
      <SelectFilter list={list} name="role" label={t.fields.role} options={roleOptions} width={140} />
      <SelectFilter list={list} name="status" label={t.fields.status} options={statusOptions} width={120} />
      <SelectFilter
        list={list}
        name="branchId"
        label={t.fields.branchId}
        options={branchOptions}
        width={160}
        numeric
        showSearch
      />
    </FilterBar>
  );
}

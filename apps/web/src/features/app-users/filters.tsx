import {
  APP_USER_STATUS_LABELS,
  APP_USER_STATUSES,
  APP_USER_TYPE_LABELS,
  APP_USER_TYPES,
} from '@ilson/contracts';
import { useBranchOptions } from '../../components/branch-select';
import { DateRangeFilter, FilterBar, SearchFilter, SelectFilter } from '../../components/list/filter-bar';
import type { ListParams } from '../../components/list/use-list-params';
import { koUsers } from '../../locales/ko/app-users';

const t = koUsers;
const f = t.fields;
const typeOptions = APP_USER_TYPES.map((value) => ({ value, label: APP_USER_TYPE_LABELS[value] }));
const statusOptions = APP_USER_STATUSES.map((value) => ({ value, label: APP_USER_STATUS_LABELS[value] }));

// biome-ignore lint/suspicious/noExplicitAny: a list's params, filters addressed by name.
export function AppUserFilters({ list }: { list: ListParams<any, any> }) {
  const branches = useBranchOptions();
  return (
    <FilterBar list={list}>
      <SearchFilter list={list} placeholder={t.searchPlaceholder} width={260} />
      <SelectFilter list={list} name="userType" label={f.userType} options={typeOptions} width={130} />
      <SelectFilter list={list} name="status" label={f.status} options={statusOptions} width={120} />
      <SelectFilter
        list={list}
        name="branchId"
        label={f.branchId}
        options={branches.options}
        numeric
        showSearch
        width={130}
      />
      <DateRangeFilter list={list} from="joinedFrom" to="joinedTo" label={f.joinedRange} />
      <DateRangeFilter list={list} from="lastLoginFrom" to="lastLoginTo" label={f.lastLoginRange} />
    </FilterBar>
  );
}

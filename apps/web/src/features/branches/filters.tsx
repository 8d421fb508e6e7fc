import { BRANCH_STATUS_LABELS, BRANCH_STATUSES, REGIONS } from '@ilson/contracts';
import type { ReactNode } from 'react';
import { FilterBar, SearchFilter, SelectFilter } from '../../components/list/filter-bar';
import type { ListParams } from '../../components/list/use-list-params';
import { koBranches } from '../../locales/ko/branches';

const f = koBranches.fields;
const statusOptions = BRANCH_STATUSES.map((value) => ({ value, label: BRANCH_STATUS_LABELS[value] }));
const regionOptions = REGIONS.map((value) => ({ value, label: value }));

// biome-ignore lint/suspicious/noExplicitAny: the branch list's params.
export function BranchFilters({ list, extra }: { list: ListParams<any, any>; extra?: ReactNode }) {
  return (
    <FilterBar list={list} extra={extra}>
      <SearchFilter list={list} placeholder={koBranches.searchPlaceholder} width={220} />
      <SelectFilter list={list} name="status" label={f.status} options={statusOptions} width={130} />
      <SelectFilter
        list={list}
        name="region"
        label={f.region}
        options={regionOptions}
        width={170}
        showSearch
      />
    </FilterBar>
  );
}

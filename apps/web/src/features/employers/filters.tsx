import {
  EMPLOYER_STATUS_LABELS,
  EMPLOYER_STATUSES,
  INDUSTRIES,
  INDUSTRY_LABELS,
  REGIONS,
} from '@ilson/contracts';
import type { ReactNode } from 'react';
import { useBranchOptions } from '../../components/branch-select';
import { DateRangeFilter, FilterBar, SearchFilter, SelectFilter } from '../../components/list/filter-bar';
import type { ListParams } from '../../components/list/use-list-params';
import { koEmployers } from '../../locales/ko/employers';

const f = koEmployers.fields;
const statusOptions = EMPLOYER_STATUSES.map((value) => ({ value, label: EMPLOYER_STATUS_LABELS[value] }));
const industryOptions = INDUSTRIES.map((value) => ({ value, label: INDUSTRY_LABELS[value] }));
const regionOptions = REGIONS.map((value) => ({ value, label: value }));

// biome-ignore lint/suspicious/noExplicitAny: the employer list's params.
export function EmployerFilters({ list, extra }: { list: ListParams<any, any>; extra?: ReactNode }) {
  const branches = useBranchOptions();
  return (
    <FilterBar list={list} extra={extra}>
      <SearchFilter list={list} placeholder={koEmployers.searchPlaceholder} width={300} />
      <SelectFilter list={list} name="status" label={f.status} options={statusOptions} width={120} />
      <SelectFilter list={list} name="industry" label={f.industry} options={industryOptions} width={150} />
      <SelectFilter
        list={list}
        name="branchId"
        label={f.branchId}
        options={branches.options}
        numeric
        showSearch
      />
      <SelectFilter
        list={list}
        name="region"
        label={f.region}
        options={regionOptions}
        width={150}
        showSearch
      />
      <DateRangeFilter list={list} from="registeredFrom" to="registeredTo" label={f.registeredRange} />
    </FilterBar>
  );
}

import { MATCHING_STATUS_LABELS, MATCHING_STATUSES, VISA_TYPE_LABELS, VISA_TYPES } from '@ilson/contracts';
import type { ReactNode } from 'react';
import { useBranchOptions } from '../../components/branch-select';
import {
  DateRangeFilter,
  EmployerFilter,
  FilterBar,
  SearchFilter,
  SelectFilter,
} from '../../components/list/filter-bar';
import type { ListParams } from '../../components/list/use-list-params';
import { NATIONALITY_OPTIONS } from '../../components/nationality-select';
import { todayInSeoul } from '../../lib/datetime';
import { koMatchings } from '../../locales/ko/matchings';

const f = koMatchings.fields;
const statusOptions = MATCHING_STATUSES.map((value) => ({ value, label: MATCHING_STATUS_LABELS[value] }));
const visaOptions = VISA_TYPES.map((value) => ({ value, label: VISA_TYPE_LABELS[value] }));

/** This year and the next: on 1 January the contracts below the new rate are listed (docs/law-as-data.md#wages). */
function wageYearOptions() {
  const year = Number(todayInSeoul().slice(0, 4));
  return [year, year + 1].map((value) => ({ value, label: koMatchings.belowMinimumWageOption(value) }));
}

// biome-ignore lint/suspicious/noExplicitAny: the matching list's params.
type AnyList = ListParams<any, any>;

export function MatchingFilters({ list, extra }: { list: AnyList; extra?: ReactNode }) {
  const branches = useBranchOptions();
  return (
    <FilterBar list={list} extra={extra}>
      <SearchFilter list={list} placeholder={koMatchings.searchPlaceholder} width={240} />
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
      <EmployerFilter list={list} label={f.employer} />
      <SelectFilter
        list={list}
        name="nationality"
        label={f.nationality}
        options={NATIONALITY_OPTIONS}
        width={130}
        showSearch
      />
      <SelectFilter
        list={list}
        name="visaType"
        label={f.visaType}
        options={visaOptions}
        width={150}
        showSearch
      />
      <DateRangeFilter list={list} from="createdFrom" to="createdTo" label={f.createdRange} />
      <SelectFilter
        list={list}
        name="belowMinimumWageYear"
        label={f.belowMinimumWageYear}
        options={wageYearOptions()}
        numeric
        width={170}
      />
    </FilterBar>
  );
}

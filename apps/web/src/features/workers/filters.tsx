import {
  EXTENSION_STATUS_LABELS,
  EXTENSION_STATUSES,
  VISA_TYPE_LABELS,
  VISA_TYPES,
  WORKER_STATUS_LABELS,
  WORKER_STATUSES,
} from '@ilson/contracts';
import type { ReactNode } from 'react';
import { useBranchOptions } from '../../components/branch-select';
import { DateRangeFilter, FilterBar, SearchFilter, SelectFilter } from '../../components/list/filter-bar';
import type { ListParams } from '../../components/list/use-list-params';
import { NATIONALITY_OPTIONS } from '../../components/nationality-select';
import { koWorkers } from '../../locales/ko/workers';

const f = koWorkers.fields;
const statusOptions = WORKER_STATUSES.map((value) => ({ value, label: WORKER_STATUS_LABELS[value] }));
const visaOptions = VISA_TYPES.map((value) => ({ value, label: VISA_TYPE_LABELS[value] }));
const extensionOptions = EXTENSION_STATUSES.map((value) => ({
  value,
  label: EXTENSION_STATUS_LABELS[value],
}));

// biome-ignore lint/suspicious/noExplicitAny: a worker list's params.
type FiltersProps = { list: ListParams<any, any>; extra?: ReactNode };

export function WorkerFilters({ list, extra }: FiltersProps) {
  const branches = useBranchOptions();
  return (
    <FilterBar list={list} extra={extra}>
      <SearchFilter list={list} placeholder={koWorkers.searchPlaceholder} width={280} />
      <SelectFilter list={list} name="status" label={f.status} options={statusOptions} width={120} />
      <SelectFilter
        list={list}
        name="nationality"
        label={f.nationality}
        options={NATIONALITY_OPTIONS}
        width={150}
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
      <SelectFilter
        list={list}
        name="branchId"
        label={f.branchId}
        options={branches.options}
        numeric
        showSearch
      />
      <DateRangeFilter list={list} from="visaExpiryFrom" to="visaExpiryTo" label={f.visaExpiryRange} />
    </FilterBar>
  );
}

/** `/workers/visa-expiry`: the bucket is chosen above the bar; these narrow it down. */
export function VisaExpiryFilters({ list, extra }: FiltersProps) {
  const branches = useBranchOptions();
  return (
    <FilterBar list={list} extra={extra}>
      <SearchFilter list={list} placeholder={koWorkers.searchPlaceholder} width={240} />
      <SelectFilter
        list={list}
        name="nationality"
        label={f.nationality}
        options={NATIONALITY_OPTIONS}
        width={150}
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
        name="extensionStatus"
        label={f.extensionStatus}
        options={extensionOptions}
        width={130}
      />
    </FilterBar>
  );
}

import { PAYOUT_STATUS_LABELS, PAYOUT_STATUSES, PAYOUT_TYPE_LABELS, PAYOUT_TYPES } from '@ilson/contracts';
import { useBranchOptions } from '../../components/branch-select';
import {
  DateRangeFilter,
  EmployerFilter,
  FilterBar,
  SearchFilter,
  SelectFilter,
} from '../../components/list/filter-bar';
import type { ListParams } from '../../components/list/use-list-params';
import { koPayouts } from '../../locales/ko/payouts';

const t = koPayouts;
const f = t.fields;
const statusOptions = PAYOUT_STATUSES.map((value) => ({ value, label: PAYOUT_STATUS_LABELS[value] }));
const typeOptions = PAYOUT_TYPES.map((value) => ({ value, label: PAYOUT_TYPE_LABELS[value] }));

// biome-ignore lint/suspicious/noExplicitAny: a list's params, filters addressed by name.
export function PayoutFilters({ list }: { list: ListParams<any, any> }) {
  const branches = useBranchOptions();
  return (
    <FilterBar list={list}>
      <SearchFilter list={list} placeholder={t.searchPlaceholder} width={290} />
      <SelectFilter list={list} name="status" label={f.status} options={statusOptions} width={120} />
      <SelectFilter list={list} name="type" label={f.type} options={typeOptions} width={140} />
      <EmployerFilter list={list} label={f.employer} />
      <SelectFilter
        list={list}
        name="branchId"
        label={f.branchId}
        options={branches.options}
        numeric
        showSearch
        width={130}
      />
      <DateRangeFilter list={list} from="dateFrom" to="dateTo" label={f.dateRange} />
    </FilterBar>
  );
}

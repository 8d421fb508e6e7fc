import {
  REVIEW_STATUS_LABELS,
  REVIEW_STATUSES,
  REVIEWER_TYPE_LABELS,
  REVIEWER_TYPES,
} from '@ilson/contracts';
import { Checkbox } from 'antd';
import { useBranchOptions } from '../../components/branch-select';
import { DateRangeFilter, FilterBar, SearchFilter, SelectFilter } from '../../components/list/filter-bar';
import type { ListParams } from '../../components/list/use-list-params';
import { koReviews } from '../../locales/ko/reviews';

const t = koReviews;
const f = t.fields;
const statusOptions = REVIEW_STATUSES.map((value) => ({ value, label: REVIEW_STATUS_LABELS[value] }));
const typeOptions = REVIEWER_TYPES.map((value) => ({ value, label: REVIEWER_TYPE_LABELS[value] }));
const ratingOptions = [5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: t.ratingOption(n) }));

// biome-ignore lint/suspicious/noExplicitAny: a list's params, filters addressed by name.
export function ReviewFilters({ list }: { list: ListParams<any, any> }) {
  const branches = useBranchOptions();
  return (
    <FilterBar list={list}>
      <SearchFilter list={list} placeholder={t.searchPlaceholder} width={220} />
      <SelectFilter list={list} name="status" label={f.status} options={statusOptions} width={120} />
      <SelectFilter list={list} name="rating" label={f.rating} options={ratingOptions} width={130} />
      <SelectFilter
        list={list}
        name="reviewerType"
        label={f.reviewerType}
        options={typeOptions}
        width={160}
      />
      <SelectFilter
        list={list}
        name="branchId"
        label={f.branchId}
        options={branches.options}
        numeric
        showSearch
        width={130}
      />
      <DateRangeFilter list={list} from="createdFrom" to="createdTo" label={f.createdRange} />
      <Checkbox
        checked={list.filters.reportedOnly === 'true'}
        onChange={(event) => list.setFilters({ reportedOnly: event.target.checked ? 'true' : null })}
      >
        {f.reportedOnly}
      </Checkbox>
    </FilterBar>
  );
}

import {
  NOTICE_AUDIENCE_LABELS,
  NOTICE_AUDIENCES,
  NOTICE_STATUS_LABELS,
  NOTICE_STATUSES,
} from '@ilson/contracts';
import { FilterBar, SearchFilter, SelectFilter } from '../../components/list/filter-bar';
import type { ListParams } from '../../components/list/use-list-params';
import { koNotices } from '../../locales/ko/notices';

const t = koNotices;
const f = t.fields;
const statusOptions = NOTICE_STATUSES.map((value) => ({ value, label: NOTICE_STATUS_LABELS[value] }));
const audienceOptions = NOTICE_AUDIENCES.map((value) => ({ value, label: NOTICE_AUDIENCE_LABELS[value] }));
const pinnedOptions = (['true', 'false'] as const).map((value) => ({
  value,
  label: t.filterOptions.pinned[value],
}));
const scheduledOptions = (['true', 'false'] as const).map((value) => ({
  value,
  label: t.filterOptions.scheduled[value],
}));

// biome-ignore lint/suspicious/noExplicitAny: a list's params, filters addressed by name.
export function NoticeFilters({ list }: { list: ListParams<any, any> }) {
  return (
    <FilterBar list={list}>
      <SearchFilter list={list} placeholder={t.searchPlaceholder} width={240} />
      <SelectFilter list={list} name="status" label={f.status} options={statusOptions} width={120} />
      <SelectFilter list={list} name="audience" label={f.audience} options={audienceOptions} width={130} />
      <SelectFilter list={list} name="pinned" label={f.pinned} options={pinnedOptions} width={150} />
      <SelectFilter list={list} name="scheduled" label={f.scheduled} options={scheduledOptions} width={160} />
    </FilterBar>
  );
}

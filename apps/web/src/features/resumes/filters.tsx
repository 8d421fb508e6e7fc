import {
  RESUME_STATUS_LABELS,
  RESUME_STATUSES,
  RESUME_VISIBILITIES,
  RESUME_VISIBILITY_LABELS,
} from '@ilson/contracts';
import { useBranchOptions } from '../../components/branch-select';
import { FilterBar, SearchFilter, SelectFilter } from '../../components/list/filter-bar';
import type { ListParams } from '../../components/list/use-list-params';
import { NATIONALITY_OPTIONS } from '../../components/nationality-select';
import { koResumes } from '../../locales/ko/resumes';

const t = koResumes;
const f = t.fields;
const statusOptions = RESUME_STATUSES.map((value) => ({ value, label: RESUME_STATUS_LABELS[value] }));
const visibilityOptions = RESUME_VISIBILITIES.map((value) => ({
  value,
  label: RESUME_VISIBILITY_LABELS[value],
}));
export const deletedOptions = [
  { value: 'include', label: t.deletedFilter.include },
  { value: 'only', label: t.deletedFilter.only },
];

// biome-ignore lint/suspicious/noExplicitAny: the resume list's params.
export function ResumeFilters({ list }: { list: ListParams<any, any> }) {
  const branches = useBranchOptions();
  return (
    <FilterBar list={list}>
      <SearchFilter list={list} placeholder={t.searchPlaceholder} width={200} />
      <SelectFilter list={list} name="status" label={f.status} options={statusOptions} width={120} />
      <SelectFilter
        list={list}
        name="visibility"
        label={f.visibility}
        options={visibilityOptions}
        width={140}
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
        name="deleted"
        label={t.deletedFilter.label}
        options={deletedOptions}
        width={170}
      />
    </FilterBar>
  );
}

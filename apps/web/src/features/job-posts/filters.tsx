import {
  INDUSTRIES,
  INDUSTRY_LABELS,
  JOB_POST_STATUS_LABELS,
  JOB_POST_STATUSES,
  SALARY_TYPE_LABELS,
  SALARY_TYPES,
  VISA_TYPE_LABELS,
  VISA_TYPES,
} from '@ilson/contracts';
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
import { koJobPosts } from '../../locales/ko/job-posts';

const f = koJobPosts.fields;
const statusOptions = JOB_POST_STATUSES.map((value) => ({ value, label: JOB_POST_STATUS_LABELS[value] }));
const industryOptions = INDUSTRIES.map((value) => ({ value, label: INDUSTRY_LABELS[value] }));
const salaryOptions = SALARY_TYPES.map((value) => ({ value, label: SALARY_TYPE_LABELS[value] }));
const visaOptions = VISA_TYPES.map((value) => ({ value, label: VISA_TYPE_LABELS[value] }));

// biome-ignore lint/suspicious/noExplicitAny: a list's params, filters addressed by name.
type AnyList = ListParams<any, any>;

export function JobPostFilters({ list, extra }: { list: AnyList; extra?: ReactNode }) {
  const branches = useBranchOptions();
  return (
    <FilterBar list={list} extra={extra}>
      <SearchFilter list={list} placeholder={koJobPosts.searchPlaceholder} width={240} />
      <SelectFilter list={list} name="status" label={f.status} options={statusOptions} width={120} />
      <EmployerFilter list={list} label={f.employerId} />
      <SelectFilter list={list} name="industry" label={f.industry} options={industryOptions} width={140} />
      <SelectFilter
        list={list}
        name="branchId"
        label={f.branchId}
        options={branches.options}
        numeric
        showSearch
        width={130}
      />
      <SelectFilter list={list} name="salaryType" label={f.salaryType} options={salaryOptions} width={120} />
      <SelectFilter
        list={list}
        name="visaType"
        label={f.allowedVisaTypes}
        options={visaOptions}
        width={150}
        showSearch
      />
      <DateRangeFilter list={list} from="deadlineFrom" to="deadlineTo" label={f.deadlineRange} />
    </FilterBar>
  );
}

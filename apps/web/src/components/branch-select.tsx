import { BRANCH_STATUS_LABELS, type Branch, branchesApi, MAX_PAGE_SIZE } from '@ilson/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { endpointQuery } from '../api/endpoint';

/**
 * The branches every employer and worker screen picks from. Under the branches' key, so a change to a branch
 * refreshes it; a branch manager's list holds their own branch only (the server scopes it).
 */
export const branchOptionsQuery = queryOptions({
  ...endpointQuery(branchesApi.list, {
    query: { page: 1, pageSize: MAX_PAGE_SIZE, sort: 'name', order: 'asc' },
  }),
  select: (reply): Branch[] => reply.data,
});

export function useBranchOptions() {
  const { data = [], isFetching } = useQuery(branchOptionsQuery);
  const options = data.map((branch) => ({
    value: branch.id,
    label:
      branch.status === 'active' ? branch.name : `${branch.name} (${BRANCH_STATUS_LABELS[branch.status]})`,
  }));
  return { options, loading: isFetching };
}

type BranchSelectProps = Omit<SelectProps<number>, 'options' | 'loading'>;

/** A select of branches (the value is the branch id), for forms. */
export function BranchSelect(props: BranchSelectProps) {
  const { options, loading } = useBranchOptions();
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      {...props}
      options={options}
      loading={loading}
    />
  );
}

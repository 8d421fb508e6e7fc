import { PlusOutlined } from '@ant-design/icons';
import { BRANCH_SORTS } from '@ilson/contracts';
import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import { useCan } from '../../auth/permissions';
import { ListTable } from '../../components/list/list-table';
import { useListParams } from '../../components/list/use-list-params';
import { PageHeader } from '../../layout/page-header';
import { screenHref } from '../../lib/screen-paths';
import { koBranches } from '../../locales/ko/branches';
import { ko } from '../../locales/ko/common';
import { BRANCH_FILTERS, useBranchList } from './api';
import { branchColumns, branchPath } from './columns';
import { BranchFilters } from './filters';

export default function BranchListPage() {
  const list = useListParams({ filters: BRANCH_FILTERS, sorts: BRANCH_SORTS, defaultSort: 'created_at' });
  const result = useBranchList(list.query);
  const can = useCan();
  const navigate = useNavigate();
  const t = koBranches;

  return (
    <>
      <PageHeader
        extra={
          can('branches:write') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(screenHref('branch-new'))}>
              {t.create}
            </Button>
          )
        }
      />
      <BranchFilters list={list} />
      <Card>
        <ListTable
          settingsKey="branches"
          label={ko.pages.branchList}
          list={list}
          result={result}
          columns={branchColumns}
          emptyText={t.empty}
          detailPath={branchPath}
        />
      </Card>
    </>
  );
}

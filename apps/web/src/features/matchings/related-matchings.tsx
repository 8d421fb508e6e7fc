import { PlusOutlined } from '@ant-design/icons';
import type { MatchingStatus } from '@ilson/contracts';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../auth/permissions';
import { ListTable } from '../../components/list/list-table';
import { useLocalListParams } from '../../components/list/use-local-list-params';
import { screenHref } from '../../lib/screen-paths';
import { koKit } from '../../locales/ko/kit';
import { koMatchings } from '../../locales/ko/matchings';
import { type MatchingFilter, type MatchingSort, useMatchingList } from './api';
import { matchingPath, relatedMatchingColumns } from './columns';

const t = koMatchings;

type RelatedMatchingsProps = {
  of: 'employer' | 'worker' | 'jobPost';
  id: number;
  /** Extra links above the table (the worker's resumes). */
  extra?: ReactNode;
  /** Offer "매칭 등록" with this record picked (a worker, an active post). */
  createPath?: string;
  /** Router state for that link (the picked record, so the form need not fetch it). */
  createState?: unknown;
  /** Only matchings in this status (an employer's workers: those 근무 중). */
  status?: MatchingStatus;
  emptyText?: string;
};

const FILTER: Record<RelatedMatchingsProps['of'], MatchingFilter> = {
  employer: 'employerId',
  worker: 'workerId',
  jobPost: 'jobPostId',
};

/** A record's matchings, for its detail tab: the list kit in a compact form, its state kept locally. */
export function RelatedMatchings({
  of,
  id,
  extra,
  createPath,
  createState,
  status,
  emptyText,
}: RelatedMatchingsProps) {
  const can = useCan();
  const filter = FILTER[of];
  const list = useLocalListParams<MatchingFilter, MatchingSort>({
    filters: { [filter]: String(id), ...(status ? { status } : {}) },
    defaultSort: 'created_at',
  });
  const result = useMatchingList(list.query);
  const listLink = screenHref('matching-list', filter === 'employerId' ? { employer_id: id } : {});
  return (
    <>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
        <Flex gap={16} align="center" wrap>
          {of === 'employer' && <Link to={listLink}>{koKit.common.viewAll}</Link>}
          {extra}
        </Flex>
        {createPath && can('matchings:write') && (
          <Link to={createPath} state={createState}>
            <Button icon={<PlusOutlined />}>{t.create}</Button>
          </Link>
        )}
      </Flex>
      <ListTable
        label={t.listLabel}
        list={list}
        result={result}
        columns={relatedMatchingColumns[of]}
        emptyText={emptyText ?? t.emptyOfRecord}
        detailPath={matchingPath}
      />
    </>
  );
}

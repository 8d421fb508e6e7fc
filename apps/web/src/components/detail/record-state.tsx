import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { classifyError } from '../../api/errors';
import { PageHeader } from '../../layout/page-header';
import { koKit } from '../../locales/ko/kit';
import { PageSpinner } from '../spinners';

type RecordStateProps<T> = {
  result: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'refetch'>;
  listPath: string;
  children: (record: T) => ReactNode;
};

/**
 * A detail page's record: a spinner while it loads, a Korean "not found" (also what a record of another
 * branch answers) or "no access" with the way back to the list, else the page.
 */
export function RecordState<T>({ result, listPath, children }: RecordStateProps<T>) {
  if (result.data !== undefined) return children(result.data);
  if (result.isPending) return <PageSpinner />;
  return <RecordProblem error={result.error} listPath={listPath} onRetry={() => void result.refetch()} />;
}

type RecordProblemProps = { error: unknown; listPath: string; onRetry?: () => void };

export function RecordProblem({ error: caught, listPath, onRetry }: RecordProblemProps) {
  const t = koKit.detail;
  const error = caught === null ? null : classifyError(caught);
  const back = (
    <Link key="back" to={listPath}>
      <Button
        type={error && error.type !== 'not_found' && error.type !== 'authorization' ? 'default' : 'primary'}
      >
        {koKit.common.backToList}
      </Button>
    </Link>
  );
  let result: ReactNode;
  if (!error || error.type === 'not_found') {
    result = <Result status="404" title={t.notFoundTitle} subTitle={t.notFoundBody} extra={back} />;
  } else if (error.type === 'authorization') {
    result = <Result status="403" title={t.forbiddenTitle} subTitle={error.message} extra={back} />;
  } else {
    result = (
      <Result
        status="error"
        title={t.errorTitle}
        subTitle={error.message}
        extra={[
          onRetry && (
            <Button key="retry" type="primary" onClick={onRetry}>
              {koKit.common.retry}
            </Button>
          ),
          back,
        ]}
      />
    );
  }
  return (
    <>
      <PageHeader />
      {result}
    </>
  );
}

/** The numeric id of `/x/:id`, or null for anything else (which the page shows as not found). */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

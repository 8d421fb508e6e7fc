import { AuditOutlined } from '@ant-design/icons';
import { REVIEW_SORTS, type Review } from '@ilson/contracts';
import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import { useBulkActions } from '../../components/bulk/bulk-actions';
import { ListTable } from '../../components/list/list-table';
import { useListParams } from '../../components/list/use-list-params';
import { PageHeader, useCurrentPage } from '../../layout/page-header';
import { screenHref } from '../../lib/screen-paths';
import { koReviews } from '../../locales/ko/reviews';
import { REVIEW_FILTERS, useReviewList } from './api';
import { reviewColumns, reviewPath } from './columns';
import { ReviewFilters } from './filters';

export default function ReviewListPage() {
  const list = useListParams({ filters: REVIEW_FILTERS, sorts: REVIEW_SORTS, defaultSort: 'created_at' });
  const result = useReviewList(list.query);
  const bulk = useBulkActions<Review>({
    resource: 'reviews',
    query: list.query,
    rows: result.data?.data ?? [],
    total: result.data?.meta.total ?? 0,
  });
  const navigate = useNavigate();
  const page = useCurrentPage();
  const t = koReviews;

  return (
    <>
      <PageHeader
        extra={
          <Button
            type="primary"
            icon={<AuditOutlined />}
            onClick={() => navigate(screenHref('review-moderation'))}
          >
            {t.moderationLink}
          </Button>
        }
      />
      <ReviewFilters list={list} />
      <Card>
        {bulk.bar}
        <ListTable
          settingsKey="reviews"
          label={page?.title ?? ''}
          selection={bulk.selection}
          list={list}
          result={result}
          columns={reviewColumns}
          emptyText={t.empty}
          detailPath={reviewPath}
        />
      </Card>
    </>
  );
}

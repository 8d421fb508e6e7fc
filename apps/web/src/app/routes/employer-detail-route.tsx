import EmployerDetailPage from '../../features/employers/employer-detail-page';
import { EmployerJobPosts } from '../../features/job-posts/related-job-posts';
import { RelatedMatchings } from '../../features/matchings/related-matchings';
import { koEmployers } from '../../locales/ko/employers';

/**
 * The employer's detail with its workers (their matchings 근무 중), job posts and matchings — composed here, since
 * features do not import each other.
 */
export default function EmployerDetailRoute() {
  return (
    <EmployerDetailPage
      related={{
        workers: (employer) => (
          <RelatedMatchings
            of="employer"
            id={employer.id}
            status="working"
            emptyText={koEmployers.noWorkers}
          />
        ),
        jobPosts: (employer) => <EmployerJobPosts employerId={employer.id} />,
        matchings: (employer) => <RelatedMatchings of="employer" id={employer.id} />,
      }}
    />
  );
}

import EmployerDetailPage from '../../features/employers/employer-detail-page';
import { EmployerJobPosts } from '../../features/job-posts/related-job-posts';
import { RelatedMatchings } from '../../features/matchings/related-matchings';

/** The employer's detail with its job posts and matchings (composed here: features do not import each other). */
export default function EmployerDetailRoute() {
  return (
    <EmployerDetailPage
      related={{
        jobPosts: (employer) => <EmployerJobPosts employerId={employer.id} />,
        matchings: (employer) => <RelatedMatchings of="employer" id={employer.id} />,
      }}
    />
  );
}

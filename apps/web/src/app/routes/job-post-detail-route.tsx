import JobPostDetailPage from '../../features/job-posts/job-post-detail-page';
import { RelatedMatchings } from '../../features/matchings/related-matchings';
import { screenHref } from '../../lib/screen-paths';

/** The job post's detail with its matchings. */
export default function JobPostDetailRoute() {
  return (
    <JobPostDetailPage
      matchingsTab={(post) => (
        <RelatedMatchings
          of="jobPost"
          id={post.id}
          createPath={
            post.status === 'active' ? screenHref('matching-new', { job_post_id: post.id }) : undefined
          }
        />
      )}
    />
  );
}

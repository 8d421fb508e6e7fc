import { Link } from 'react-router';
import { RelatedMatchings } from '../../features/matchings/related-matchings';
import WorkerDetailPage from '../../features/workers/worker-detail-page';
import { screenHref } from '../../lib/screen-paths';
import { koResumes } from '../../locales/ko/resumes';

/** The worker's detail with their matchings and a way to their resumes. */
export default function WorkerDetailRoute() {
  return (
    <WorkerDetailPage
      matchingsTab={(worker) => (
        <RelatedMatchings
          of="worker"
          id={worker.id}
          createPath={screenHref('matching-new', { worker_id: worker.id })}
          createState={{ worker }}
          extra={
            <Link to={screenHref('resume-of-worker', { workerId: worker.id })}>
              {koResumes.viewWorkerResumes}
            </Link>
          }
        />
      )}
    />
  );
}

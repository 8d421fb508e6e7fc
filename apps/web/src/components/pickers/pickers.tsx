import {
  APP_USER_TYPE_LABELS,
  type AppUser,
  type Employer,
  employersApi,
  formatBusinessRegNo,
  identifierSearchKind,
  type JobPost,
  jobPostsApi,
  MATCHING_STATUS_LABELS,
  type Matching,
  matchingsApi,
  nationalityLabel,
  usersApi,
  type Worker,
  workersApi,
} from '@ilson/contracts';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { call, endpointQuery } from '../../api/endpoint';
import { koWorkers } from '../../locales/ko/workers';
import { RecordPicker, type RecordPickerProps } from './record-picker';

const PICKER_PAGE_SIZE = 20;

function twoLine(main: string, sub: string): ReactNode {
  return (
    <span>
      {main}
      {sub && (
        <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
          {sub}
        </Typography.Text>
      )}
    </span>
  );
}

/** A picker's search: the first page of the resource's own list endpoint, as its list screen asks it. */
const firstPage = (q: string) => ({ page: 1, pageSize: PICKER_PAGE_SIZE, ...(q ? { q } : {}) });

type EmployerPickerProps = RecordPickerProps<Employer> & { recordStatus?: Employer['status'] };

/** Employers by name, business number or phone; the job-post form offers approved ones only. */
export function EmployerPicker({ recordStatus: status, ...props }: EmployerPickerProps) {
  return (
    <RecordPicker<Employer>
      {...props}
      keyPrefix={[employersApi.list.tag, status ?? 'all']}
      search={async (q, signal) =>
        (
          await call(
            employersApi.list,
            { query: { ...firstPage(q), ...(status ? { status } : {}) } },
            { signal },
          )
        ).data
      }
      one={(id) => endpointQuery(employersApi.get, { params: { id } })}
      option={(employer) => ({
        title: employer.companyName,
        label: twoLine(employer.companyName, formatBusinessRegNo(employer.businessRegNo)),
      })}
    />
  );
}

export const workerLabel = (worker: Pick<Worker, 'nameKo' | 'firstName' | 'lastName'>) =>
  worker.nameKo || `${worker.lastName} ${worker.firstName}`.trim();

/**
 * Workers by name or phone, shown with nationality and visa. A full 외국인등록번호 or 여권번호 is a view of
 * personal data with a reason (docs/pii-search.md), so the picker does not send one and says where to search.
 */
export function WorkerPicker(props: RecordPickerProps<Worker>) {
  return (
    <RecordPicker<Worker>
      {...props}
      keyPrefix={[workersApi.list.tag]}
      search={async (q, signal) => (await call(workersApi.list, { query: firstPage(q) }, { signal })).data}
      refuse={(q) => (identifierSearchKind(q) ? koWorkers.pickerIdentifierRefused : null)}
      option={(worker) => ({
        title: workerLabel(worker),
        label: twoLine(workerLabel(worker), `${nationalityLabel(worker.nationality)} · ${worker.visaType}`),
      })}
    />
  );
}

/** Job posts by title (active ones unless told otherwise), shown with their employer. */
export function JobPostPicker({
  recordStatus: status = 'active',
  ...props
}: RecordPickerProps<JobPost> & { recordStatus?: string }) {
  return (
    <RecordPicker<JobPost>
      {...props}
      keyPrefix={[jobPostsApi.list.tag, status]}
      search={async (q, signal) =>
        (await call(jobPostsApi.list, { query: { ...firstPage(q), status } }, { signal })).data
      }
      option={(post) => ({ title: post.title, label: twoLine(post.title, post.employerName) })}
    />
  );
}

/** A matching of one employer (none until the employer is known), shown as worker · post · status. */
export function MatchingPicker({
  employerId,
  ...props
}: RecordPickerProps<Matching> & { employerId?: number }) {
  return (
    <RecordPicker<Matching>
      {...props}
      disabled={props.disabled || employerId === undefined}
      keyPrefix={[matchingsApi.list.tag, 'employer', employerId ?? 0]}
      search={async (q, signal) =>
        employerId === undefined
          ? []
          : (await call(matchingsApi.list, { query: { ...firstPage(q), employerId } }, { signal })).data
      }
      one={(id) => endpointQuery(matchingsApi.get, { params: { id } })}
      option={(matching) => ({
        title: `${matching.workerName} · ${matching.jobPostTitle}`,
        label: twoLine(
          `${matching.workerName} · ${matching.jobPostTitle}`,
          `#${matching.id} ${MATCHING_STATUS_LABELS[matching.status]}`,
        ),
      })}
    />
  );
}

/** App accounts by name, login id, e-mail or phone, shown with their kind and login id. */
export function AppUserPicker(props: RecordPickerProps<AppUser>) {
  return (
    <RecordPicker<AppUser>
      {...props}
      keyPrefix={[usersApi.list.tag]}
      search={async (q, signal) => (await call(usersApi.list, { query: firstPage(q) }, { signal })).data}
      option={(user) => ({
        title: user.name,
        label: twoLine(user.name, `${APP_USER_TYPE_LABELS[user.userType]} · ${user.loginId}`),
      })}
    />
  );
}

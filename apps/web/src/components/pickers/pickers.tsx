import {
  type Employer,
  employerSchema,
  formatBusinessRegNo,
  identifierSearchKind,
  type JobPost,
  jobPostSchema,
  listResponseSchema,
  MATCHING_STATUS_LABELS,
  type Matching,
  matchingSchema,
  nationalityLabel,
  type Worker,
  workerSchema,
  type z,
} from '@ilson/contracts';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { api } from '../../api/client';
import { parseRecord, parseReply } from '../../api/records';
import { koRecords } from '../../locales/ko-records';
import { RecordPicker, type RecordPickerProps } from './record-picker';

const PICKER_PAGE_SIZE = 20;

const employerPage = listResponseSchema(employerSchema);
const workerPage = listResponseSchema(workerSchema);
const jobPostPage = listResponseSchema(jobPostSchema);
const matchingPage = listResponseSchema(matchingSchema);

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

async function searchList<T>(
  path: string,
  schema: z.ZodType<{ data: T[] }>,
  params: Record<string, unknown>,
  signal: AbortSignal,
): Promise<T[]> {
  const response = await api.get(path, {
    params: { page: 1, pageSize: PICKER_PAGE_SIZE, ...params },
    signal,
  });
  return parseReply(schema, response.data).data;
}

const withQ = (q: string) => (q ? { q } : {});

type EmployerPickerProps = RecordPickerProps<Employer> & { recordStatus?: Employer['status'] };

/** Employers by name, business number or phone; the job-post form offers approved ones only. */
export function EmployerPicker({ recordStatus: status, ...props }: EmployerPickerProps) {
  return (
    <RecordPicker<Employer>
      {...props}
      keyPrefix={['employers', status ?? 'all']}
      search={(q, signal) =>
        searchList('employers', employerPage, { ...withQ(q), ...(status ? { status } : {}) }, signal)
      }
      fetchOne={async (id, signal) =>
        parseRecord(employerSchema, (await api.get(`employers/${id}`, { signal })).data)
      }
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
      keyPrefix={['workers']}
      search={(q, signal) => searchList('workers', workerPage, withQ(q), signal)}
      refuse={(q) => (identifierSearchKind(q) ? koRecords.workers.pickerIdentifierRefused : null)}
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
      keyPrefix={['job-posts', status]}
      search={(q, signal) => searchList('job-posts', jobPostPage, { ...withQ(q), status }, signal)}
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
      keyPrefix={['matchings', 'employer', employerId ?? 0]}
      search={(q, signal) =>
        employerId === undefined
          ? Promise.resolve([])
          : searchList('matchings', matchingPage, { ...withQ(q), employerId }, signal)
      }
      fetchOne={async (id, signal) =>
        parseRecord(matchingSchema, (await api.get(`matchings/${id}`, { signal })).data)
      }
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

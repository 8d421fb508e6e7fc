import {
  nationalityLabel,
  RESUME_STATUS_LABELS,
  RESUME_VISIBILITY_LABELS,
  type Resume,
  type ResumeStatus,
  type ResumeVisibility,
  type WorkExperience,
} from '@ilson/contracts';
import { Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { type StatusColor, StatusTag } from '../../components/status-tag';
import { formatDateTime, formatDay } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
import { koKit } from '../../locales/ko/kit';
import { koResumes } from '../../locales/ko/resumes';

const t = koResumes;
const f = t.fields;
const none = koKit.common.none;

export const RESUME_STATUS_COLORS: Record<ResumeStatus, StatusColor> = {
  draft: 'default',
  active: 'green',
  hidden: 'volcano',
};
export const RESUME_VISIBILITY_COLORS: Record<ResumeVisibility, StatusColor> = {
  public: 'blue',
  employers: 'cyan',
  private: 'default',
};

export function ResumeStatusTag({ resume }: { resume: Pick<Resume, 'status' | 'isDeleted'> }) {
  return (
    <Flex gap={4} justify="center" wrap={false}>
      <StatusTag status={resume.status} labels={RESUME_STATUS_LABELS} colors={RESUME_STATUS_COLORS} />
      {resume.isDeleted && (
        <Tag color="red" style={{ marginInlineEnd: 0 }}>
          {t.deletedTag}
        </Tag>
      )}
    </Flex>
  );
}

export function VisibilityTag({ visibility }: { visibility: ResumeVisibility }) {
  return (
    <StatusTag status={visibility} labels={RESUME_VISIBILITY_LABELS} colors={RESUME_VISIBILITY_COLORS} />
  );
}

export const resumePath = (resume: Pick<Resume, 'id'>) => screenHref('resume-detail', { id: resume.id });

/** The most recent job: the one still held, else the one that started last. */
export function latestJob(entries: readonly WorkExperience[]): WorkExperience | undefined {
  return [...entries].sort((a, b) => {
    if (!a.endDate !== !b.endDate) return a.endDate ? 1 : -1;
    return b.startDate.localeCompare(a.startDate);
  })[0];
}

const codeColumn: ColumnsType<Resume>[number] = {
  title: f.resumeId,
  dataIndex: 'resumeId',
  fixed: 'left',
  render: (code: string, resume) => (
    <Link to={resumePath(resume)} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {code}
    </Link>
  ),
};

const restColumns: ColumnsType<Resume> = [
  {
    title: f.latestJob,
    key: 'latestJob',
    render: (_, resume) => {
      const job = latestJob(resume.workExperience);
      if (!job) return none;
      return (
        <Flex vertical style={{ lineHeight: 1.35 }}>
          <span>{job.companyName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {job.jobTitle}
          </Typography.Text>
        </Flex>
      );
    },
  },
  {
    title: f.languages,
    key: 'languages',
    render: (_, resume) =>
      resume.languageSkills.length === 0
        ? none
        : resume.languageSkills.map((skill) => skill.language).join(', '),
  },
  {
    title: f.viewsCount,
    dataIndex: 'viewsCount',
    key: 'views_count',
    sorter: true,
    align: 'right',
    render: (n: number) => n.toLocaleString('ko-KR'),
  },
  {
    title: f.lastViewedAt,
    dataIndex: 'lastViewedAt',
    key: 'last_viewed_at',
    sorter: true,
    render: (value: string | null) => (value ? formatDateTime(value) : none),
  },
  {
    title: f.status,
    key: 'status',
    align: 'center',
    render: (_, resume) => <ResumeStatusTag resume={resume} />,
  },
  {
    title: f.visibility,
    dataIndex: 'visibility',
    align: 'center',
    render: (visibility: ResumeVisibility) => <VisibilityTag visibility={visibility} />,
  },
  {
    title: f.updatedAt,
    dataIndex: 'updatedAt',
    key: 'updated_at',
    sorter: true,
    render: (value: string) => formatDay(value),
  },
];

export const resumeColumns: ColumnsType<Resume> = [
  codeColumn,
  {
    title: f.worker,
    dataIndex: 'workerName',
    render: (name: string, resume) => (
      <Link to={screenHref('resume-of-worker', { workerId: resume.workerId })}>{name}</Link>
    ),
  },
  { title: f.nationality, dataIndex: 'workerNationality', render: (code: string) => nationalityLabel(code) },
  ...restColumns,
];

/** One worker's resumes: the worker is the page's subject. */
export const workerResumeColumns: ColumnsType<Resume> = [codeColumn, ...restColumns];

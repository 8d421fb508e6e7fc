import {
  DUTY_LABELS,
  dailyHours,
  EMPLOYMENT_TYPE_LABELS,
  INDUSTRY_LABELS,
  type JobPost,
  KOREAN_LEVEL_LABELS,
  MEAL_OPTION_LABELS,
  VISA_TYPE_LABELS,
  WEEKDAY_LABELS,
  weeklyHolidayHours,
  weeklyHours,
} from '@ilson/contracts';
import { Flex, Tag, Tooltip } from 'antd';
import { Link } from 'react-router';
import { InfoSection } from '../../components/detail/info-section';
import { formatDateTime } from '../../lib/datetime';
import { screenHref } from '../../lib/screen-paths';
import { koJobPosts } from '../../locales/ko/job-posts';
import { koKit } from '../../locales/ko/kit';
import { Deadline, Headcount, JobPostStatusTag, Pay } from './columns';

const t = koJobPosts;
const f = t.fields;
const none = koKit.common.none;

export function workTime(post: Pick<JobPost, 'workStartTime' | 'workEndTime' | 'breakMinutes' | 'workDays'>) {
  const overnight = post.workEndTime <= post.workStartTime;
  return `${post.workStartTime} ~ ${overnight ? `${t.overnight} ` : ''}${post.workEndTime}`;
}

/** Every field of a job post, in the form's sections, plus its publication record. */
export function JobPostInfo({ post: p }: { post: JobPost }) {
  // Most addresses start with their 시도 already.
  const region = p.workAddress.startsWith(p.region) ? '' : p.region;
  const address = [p.zipCode && `(${p.zipCode})`, region, p.workAddress].filter(Boolean).join(' ');
  return (
    <>
      <InfoSection
        title={t.sections.basic}
        items={[
          {
            key: 'employer',
            label: f.employerId,
            children: <Link to={screenHref('employer-detail', { id: p.employerId })}>{p.employerName}</Link>,
          },
          { key: 'industry', label: f.industry, children: INDUSTRY_LABELS[p.industry] },
          { key: 'duty', label: f.duty, children: DUTY_LABELS[p.duty] },
          { key: 'address', label: f.workAddress, span: 'filled', children: address || none },
          {
            key: 'jobDescription',
            label: f.jobDescription,
            span: 'filled',
            children: <span style={{ whiteSpace: 'pre-wrap' }}>{p.jobDescription}</span>,
          },
        ]}
      />
      <InfoSection
        title={t.sections.work}
        items={[
          {
            key: 'workDays',
            label: f.workDays,
            children: p.workDays.map((day) => WEEKDAY_LABELS[day]).join(' · '),
          },
          {
            key: 'workTime',
            label: f.workTime,
            children: `${workTime(p)} (${t.dailyHours(dailyHours(p))}, ${t.weeklyHours(weeklyHours(p))})`,
          },
          { key: 'breakMinutes', label: f.breakMinutes, children: `${p.breakMinutes}${t.minutesUnit}` },
          {
            key: 'employmentType',
            label: f.employmentType,
            children: EMPLOYMENT_TYPE_LABELS[p.employmentType],
          },
          {
            key: 'contractMonths',
            label: f.contractMonths,
            children: p.contractMonths ? `${p.contractMonths}${t.monthsUnit}` : t.noContract,
          },
        ]}
      />
      <InfoSection
        title={`${t.sections.pay} · ${t.sections.welfare}`}
        items={[
          { key: 'pay', label: f.pay, children: <Pay post={p} /> },
          {
            key: 'hourly',
            label: f.hourlyEquivalent,
            children: p.hourlyEquivalent !== null ? koKit.common.won(p.hourlyEquivalent) : none,
          },
          {
            // 주휴시간: paid in the monthly pay (docs/law-as-data.md#wages); the contract step adds the 제56조 premium.
            key: 'holiday',
            label: f.weeklyHolidayHours,
            children: t.holidayHours(weeklyHolidayHours(p)),
          },
          {
            key: 'dormitory',
            label: f.dormitoryProvided,
            children: p.dormitoryProvided ? t.dormitory.true : t.dormitory.false,
          },
          { key: 'meal', label: f.mealProvided, children: MEAL_OPTION_LABELS[p.mealProvided] },
        ]}
      />
      <InfoSection
        title={t.sections.requirements}
        items={[
          {
            key: 'visas',
            label: f.allowedVisaTypes,
            span: 'filled',
            children: (
              <Flex gap={4} wrap>
                {p.allowedVisaTypes.map((visa) => (
                  <Tooltip key={visa} title={VISA_TYPE_LABELS[visa]}>
                    <Tag style={{ marginInlineEnd: 0 }}>{VISA_TYPE_LABELS[visa]}</Tag>
                  </Tooltip>
                ))}
              </Flex>
            ),
          },
          {
            key: 'korean',
            label: f.requiredKoreanLevel,
            children: KOREAN_LEVEL_LABELS[p.requiredKoreanLevel],
          },
          {
            key: 'simple',
            label: f.isSimpleLabour,
            children: p.isSimpleLabour ? koKit.common.yes : koKit.common.no,
          },
        ]}
      />
      <InfoSection
        title={t.sections.status}
        items={[
          { key: 'status', label: f.status, children: <JobPostStatusTag status={p.status} /> },
          { key: 'headcount', label: f.filled, children: <Headcount post={p} /> },
          { key: 'deadline', label: f.deadline, children: <Deadline date={p.deadline} status={p.status} /> },
          { key: 'views', label: f.viewCount, children: p.viewCount.toLocaleString('ko-KR') },
          {
            key: 'publishedAt',
            label: f.publishedAt,
            children: p.publishedAt ? formatDateTime(p.publishedAt) : none,
          },
          { key: 'closedAt', label: f.closedAt, children: p.closedAt ? formatDateTime(p.closedAt) : none },
          { key: 'branch', label: f.branchId, children: p.branchName ?? none },
          { key: 'createdAt', label: koKit.detail.createdAt, children: formatDateTime(p.createdAt) },
        ]}
      />
    </>
  );
}

import {
  dateString,
  historyResponseSchema,
  idParamSchema,
  idQueryField,
  okSchema,
  patchOf,
  statusChangeSchema,
  type Transition,
  versionField,
} from './common';
import { DUTIES, DUTY_LABELS, dutyBelongsTo } from './duties';
import { EMPLOYER_STATUSES } from './employers';
import { defineEndpoints } from './endpoint';
import { INDUSTRIES } from './industries';
import { isValidPostalCode } from './korean-ids';
import { fieldMessages } from './messages';
import { listQuerySchema, listResponseSchema } from './pagination';
import { REGIONS } from './regions';
import type { Permission } from './roles';
import { KOREAN_LEVELS, VISA_TYPES } from './visas';
import { SALARY_TYPES, WEEKDAYS } from './wage';
import { z } from './zod-setup';

export const JOB_POST_STATUSES = ['draft', 'pending', 'active', 'rejected', 'closed', 'suspended'] as const;
export type JobPostStatus = (typeof JOB_POST_STATUSES)[number];
export const JOB_POST_STATUS_LABELS: Record<JobPostStatus, string> = {
  draft: '작성 중',
  pending: '승인 대기',
  active: '게시 중',
  rejected: '반려',
  closed: '마감',
  suspended: '게시 중지',
};

/** docs/DOMAIN.md: draft → pending → active | rejected, active → closed | suspended (plus re-review and re-opening). */
export const JOB_POST_TRANSITIONS: readonly Transition<JobPostStatus, Permission>[] = [
  {
    from: 'draft',
    to: 'pending',
    action: 'submit',
    label: '검토 요청',
    reasonRequired: false,
    permission: 'job_posts:write',
  },
  {
    from: 'pending',
    to: 'active',
    action: 'approve',
    label: '승인(게시)',
    reasonRequired: false,
    permission: 'job_posts:approve',
  },
  {
    from: 'pending',
    to: 'rejected',
    action: 'reject',
    label: '반려',
    reasonRequired: true,
    permission: 'job_posts:approve',
  },
  {
    from: 'rejected',
    to: 'pending',
    action: 'resubmit',
    label: '재검토 요청',
    reasonRequired: false,
    permission: 'job_posts:write',
  },
  {
    from: 'active',
    to: 'closed',
    action: 'close',
    label: '마감',
    reasonRequired: false,
    permission: 'job_posts:write',
  },
  {
    from: 'active',
    to: 'suspended',
    action: 'suspend',
    label: '게시 중지',
    reasonRequired: true,
    permission: 'job_posts:approve',
  },
  {
    from: 'suspended',
    to: 'active',
    action: 'resume',
    label: '게시 재개',
    reasonRequired: false,
    permission: 'job_posts:approve',
  },
];

export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'seasonal', 'contract'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];
export const EMPLOYMENT_TYPE_LABELS: Record<EmploymentType, string> = {
  full_time: '정규직(전일제)',
  part_time: '시간제',
  seasonal: '계절 근로',
  contract: '계약직',
};

export const MEAL_OPTIONS = ['none', 'lunch', 'two_meals', 'three_meals'] as const;
export type MealOption = (typeof MEAL_OPTIONS)[number];
export const MEAL_OPTION_LABELS: Record<MealOption, string> = {
  none: '미제공',
  lunch: '점심 제공',
  two_meals: '2식 제공',
  three_meals: '3식 제공',
};

const timeField = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '시간은 HH:mm 형식입니다.');

export const jobPostInputSchema = z.object({
  employerId: z.number({ error: '사업주를 선택해 주세요.' }).int().positive(),
  title: z.string().trim().min(2, '제목을 2자 이상 입력해 주세요.').max(100),
  industry: z.enum(INDUSTRIES, { error: '업종을 선택해 주세요.' }),
  /** The duty within the industry (DUTIES_BY_INDUSTRY); some visas are permitted only in named duties. */
  duty: z.enum(DUTIES, { error: '직무를 선택해 주세요.' }).default('general'),
  jobDescription: z.string().trim().min(1, fieldMessages.required).max(5000),
  isSimpleLabour: z.boolean().default(true),
  headcount: z.number().int().min(1).max(1000),
  region: z.enum(REGIONS, { error: '시도를 선택해 주세요.' }),
  zipCode: z
    .string()
    .trim()
    .refine((v) => v === '' || isValidPostalCode(v), fieldMessages.postalCode)
    .default(''),
  workAddress: z.string().trim().min(1, fieldMessages.required).max(200),
  employmentType: z.enum(EMPLOYMENT_TYPES).default('full_time'),
  contractMonths: z.number().int().min(1).max(60).nullable().default(12),
  workDays: z.array(z.enum(WEEKDAYS)).min(1, '근무 요일을 하나 이상 선택해 주세요.').max(7),
  workStartTime: timeField,
  workEndTime: timeField,
  breakMinutes: z.number().int().min(0).max(240).default(60),
  salaryType: z.enum(SALARY_TYPES),
  salaryAmount: z.number().int().min(1).max(1_000_000_000),
  dormitoryProvided: z.boolean().default(false),
  mealProvided: z.enum(MEAL_OPTIONS).default('none'),
  allowedVisaTypes: z.array(z.enum(VISA_TYPES)).min(1, '허용할 체류자격을 하나 이상 선택해 주세요.'),
  requiredKoreanLevel: z.enum(KOREAN_LEVELS).default('none'),
  deadline: dateString.nullable().default(null),
});
export type JobPostInput = z.input<typeof jobPostInputSchema>;

export const jobPostCreateSchema = jobPostInputSchema
  .extend({
    /** Save as a draft, or send straight to review. */
    submit: z.boolean().default(true),
  })
  .superRefine((post, ctx) => {
    const dutyMessage = jobPostDutyMessage(post.industry, post.duty);
    if (dutyMessage) ctx.addIssue({ code: 'custom', path: ['duty'], message: dutyMessage });
    // Which visas the industry and duty permit is not decided here: the pilot sectors are the operator's setting
    // (docs/law-as-data.md#operator-kept-rows), which only the server reads, in the save's transaction.
  });

/** The field error of a duty that is not one of the industry's, or null. */
export function jobPostDutyMessage(
  industry: (typeof INDUSTRIES)[number],
  duty: (typeof DUTIES)[number],
): string | null {
  return dutyBelongsTo(industry, duty) ? null : `${DUTY_LABELS[duty]}은(는) 이 업종의 직무가 아닙니다.`;
}
export const jobPostUpdateSchema = patchOf(jobPostInputSchema).extend({ version: versionField });

export const jobPostSchema = z.object({
  id: z.number().int(),
  employerId: z.number().int(),
  employerName: z.string(),
  /** Only an approved employer's post can go active: the detail shows why approval would be refused. */
  employerStatus: z.enum(EMPLOYER_STATUSES),
  branchId: z.number().int(),
  branchName: z.string().nullable(),
  title: z.string(),
  industry: z.enum(INDUSTRIES),
  duty: z.enum(DUTIES),
  jobDescription: z.string(),
  isSimpleLabour: z.boolean(),
  headcount: z.number().int(),
  filledCount: z.number().int(),
  region: z.string(),
  zipCode: z.string(),
  workAddress: z.string(),
  employmentType: z.enum(EMPLOYMENT_TYPES),
  contractMonths: z.number().int().nullable(),
  workDays: z.array(z.enum(WEEKDAYS)),
  workStartTime: z.string(),
  workEndTime: z.string(),
  breakMinutes: z.number().int(),
  salaryType: z.enum(SALARY_TYPES),
  salaryAmount: z.number().int(),
  /** Won per hour the offer amounts to (with 주휴 for monthly and annual pay). */
  hourlyEquivalent: z.number().nullable(),
  dormitoryProvided: z.boolean(),
  mealProvided: z.enum(MEAL_OPTIONS),
  allowedVisaTypes: z.array(z.enum(VISA_TYPES)),
  requiredKoreanLevel: z.enum(KOREAN_LEVELS),
  deadline: z.string().nullable(),
  viewCount: z.number().int(),
  /** An active post past its deadline reads as `closed` even before the closing job has stored it. */
  status: z.enum(JOB_POST_STATUSES),
  rejectReason: z.string().nullable(),
  statusReason: z.string().nullable(),
  publishedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type JobPost = z.infer<typeof jobPostSchema>;

export const JOB_POST_SORTS = ['created_at', 'deadline', 'title', 'salary_amount', 'published_at'] as const;
export const jobPostListQuerySchema = listQuerySchema.extend({
  sort: z.enum(JOB_POST_SORTS).default('created_at'),
  status: z.enum(JOB_POST_STATUSES).optional(),
  employerId: idQueryField.optional(),
  industry: z.enum(INDUSTRIES).optional(),
  branchId: idQueryField.optional(),
  salaryType: z.enum(SALARY_TYPES).optional(),
  visaType: z.enum(VISA_TYPES).optional(),
  deadlineFrom: dateString.optional(),
  deadlineTo: dateString.optional(),
});
export type JobPostListQuery = z.input<typeof jobPostListQuerySchema>;

export const jobPostStatusChangeSchema = statusChangeSchema(JOB_POST_STATUSES);

export const jobPostsApi = defineEndpoints('job-posts', {
  list: {
    method: 'GET',
    path: '/job-posts',
    access: 'job_posts:read',
    summary: '채용공고 목록 (상태·사업주·업종·지점·급여 형태·체류자격·마감일·검색어)',
    query: jobPostListQuerySchema,
    response: listResponseSchema(jobPostSchema),
  },
  get: {
    method: 'GET',
    path: '/job-posts/:id',
    access: 'job_posts:read',
    summary: '채용공고 상세 (조회수 증가)',
    params: idParamSchema,
    response: jobPostSchema,
  },
  create: {
    method: 'POST',
    path: '/job-posts',
    access: 'job_posts:write',
    summary: '채용공고 등록 (submit=true면 승인 대기, false면 작성 중; 최저임금 미만은 422)',
    body: jobPostCreateSchema,
    response: jobPostSchema,
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PATCH',
    path: '/job-posts/:id',
    access: 'job_posts:write',
    summary: '채용공고 수정 (version이 다르면 409)',
    params: idParamSchema,
    body: jobPostUpdateSchema,
    response: jobPostSchema,
  },
  changeStatus: {
    method: 'POST',
    path: '/job-posts/:id/status',
    access: 'job_posts:write',
    summary: '채용공고 상태 변경 (검토 요청·승인·반려·마감·게시 중지·재개)',
    params: idParamSchema,
    body: jobPostStatusChangeSchema,
    response: jobPostSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/job-posts/:id',
    access: 'job_posts:write',
    summary: '채용공고 삭제 (작성 중·승인 대기·반려 상태만)',
    params: idParamSchema,
    response: okSchema,
  },
  history: {
    method: 'GET',
    path: '/job-posts/:id/history',
    access: 'job_posts:read',
    summary: '채용공고 변경 이력',
    params: idParamSchema,
    response: historyResponseSchema,
  },
});

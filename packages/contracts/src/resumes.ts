import {
  dateString,
  historyResponseSchema,
  idParamSchema,
  idQueryField,
  okSchema,
  optionalText,
  patchOf,
  statusChangeSchema,
  type Transition,
  versionField,
} from './common';
import { defineEndpoints } from './endpoint';
import { listQuerySchema, listResponseSchema } from './pagination';
import type { Permission } from './roles';
import { z } from './zod-setup';

export const RESUME_STATUSES = ['draft', 'active', 'hidden'] as const;
export type ResumeStatus = (typeof RESUME_STATUSES)[number];
export const RESUME_STATUS_LABELS: Record<ResumeStatus, string> = {
  draft: '임시저장',
  active: '공개',
  hidden: '숨김',
};

export const RESUME_VISIBILITIES = ['public', 'employers', 'private'] as const;
export type ResumeVisibility = (typeof RESUME_VISIBILITIES)[number];
export const RESUME_VISIBILITY_LABELS: Record<ResumeVisibility, string> = {
  public: '전체 공개',
  employers: '사업주에게만',
  private: '비공개',
};

export const RESUME_TRANSITIONS: readonly Transition<ResumeStatus, Permission>[] = [
  {
    from: 'draft',
    to: 'active',
    action: 'publish',
    label: '공개',
    reasonRequired: false,
    permission: 'resumes:write',
  },
  {
    from: 'active',
    to: 'hidden',
    action: 'hide',
    label: '숨김',
    reasonRequired: true,
    permission: 'resumes:write',
  },
  {
    from: 'hidden',
    to: 'active',
    action: 'show',
    label: '다시 공개',
    reasonRequired: false,
    permission: 'resumes:write',
  },
  {
    from: 'active',
    to: 'draft',
    action: 'unpublish',
    label: '임시저장으로',
    reasonRequired: false,
    permission: 'resumes:write',
  },
  {
    from: 'hidden',
    to: 'draft',
    action: 'unpublish',
    label: '임시저장으로',
    reasonRequired: false,
    permission: 'resumes:write',
  },
];

export const PROFICIENCY_LEVELS = ['beginner', 'elementary', 'intermediate', 'advanced', 'native'] as const;
export type ProficiencyLevel = (typeof PROFICIENCY_LEVELS)[number];
export const PROFICIENCY_LABELS: Record<ProficiencyLevel, string> = {
  beginner: '입문',
  elementary: '초급',
  intermediate: '중급',
  advanced: '고급',
  native: '원어민',
};

/** The resume's entry shapes (docs/DOMAIN.md#records). */
export const workExperienceSchema = z.object({
  companyName: z.string().trim().min(1, '회사명을 입력해 주세요.').max(100),
  jobTitle: z.string().trim().min(1, '직무를 입력해 주세요.').max(100),
  startDate: dateString,
  endDate: dateString.nullable().default(null),
  jobDescription: optionalText(2000),
  achievements: optionalText(2000),
});
export const educationSchema = z.object({
  schoolName: z.string().trim().min(1, '학교명을 입력해 주세요.').max(100),
  degree: optionalText(50),
  fieldOfStudy: optionalText(100),
  graduationDate: dateString.nullable().default(null),
  gpa: optionalText(20),
});
export const languageSkillSchema = z.object({
  language: z.string().trim().min(1, '언어를 입력해 주세요.').max(50),
  proficiencyLevel: z.enum(PROFICIENCY_LEVELS),
  speaking: z.enum(PROFICIENCY_LEVELS),
  reading: z.enum(PROFICIENCY_LEVELS),
  writing: z.enum(PROFICIENCY_LEVELS),
});
export const certificationSchema = z.object({
  name: z.string().trim().min(1, '자격증명을 입력해 주세요.').max(100),
  issuer: optionalText(100),
  acquiredDate: dateString.nullable().default(null),
  expiryDate: dateString.nullable().default(null),
});
export const referenceSchema = z.object({
  name: z.string().trim().min(1, '이름을 입력해 주세요.').max(50),
  relationship: optionalText(50),
  company: optionalText(100),
  phone: optionalText(20),
  email: z.union([z.literal(''), z.email()]).default(''),
});
export type WorkExperience = z.infer<typeof workExperienceSchema>;
export type Education = z.infer<typeof educationSchema>;
export type LanguageSkill = z.infer<typeof languageSkillSchema>;
export type Certification = z.infer<typeof certificationSchema>;
export type Reference = z.infer<typeof referenceSchema>;

export const resumeContentSchema = z.object({
  workExperience: z.array(workExperienceSchema).max(30).default([]),
  educationHistory: z.array(educationSchema).max(20).default([]),
  languageSkills: z.array(languageSkillSchema).max(20).default([]),
  certifications: z.array(certificationSchema).max(30).default([]),
  skills: z.array(z.string().trim().min(1).max(50)).max(50).default([]),
  references: z.array(referenceSchema).max(10).default([]),
  visibility: z.enum(RESUME_VISIBILITIES).default('employers'),
});

export const resumeCreateSchema = resumeContentSchema.extend({
  workerId: z.number({ error: '근로자를 선택해 주세요.' }).int().positive(),
  status: z.enum(['draft', 'active']).default('draft'),
});
export const resumeUpdateSchema = patchOf(resumeContentSchema).extend({ version: versionField });

/** The resume (docs/DOMAIN.md#records). `resumeId` is the display code (`RS-000123`); `isPublic`/`isActive`/`isDeleted` follow visibility, status and deletion. */
export const resumeSchema = z.object({
  id: z.number().int(),
  resumeId: z.string(),
  workerId: z.number().int(),
  workerName: z.string(),
  workerNationality: z.string(),
  branchId: z.number().int(),
  workExperience: z.array(workExperienceSchema),
  educationHistory: z.array(educationSchema),
  languageSkills: z.array(languageSkillSchema),
  certifications: z.array(certificationSchema),
  skills: z.array(z.string()),
  /** A viewer gets the references' phone numbers and emails masked (`a***@example.com`): no email check here. */
  references: z.array(referenceSchema.extend({ email: z.string() })),
  viewsCount: z.number().int(),
  lastViewedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isPublic: z.boolean(),
  isActive: z.boolean(),
  isDeleted: z.boolean(),
  status: z.enum(RESUME_STATUSES),
  visibility: z.enum(RESUME_VISIBILITIES),
  version: z.number().int(),
});
export type Resume = z.infer<typeof resumeSchema>;

export const RESUME_SORTS = ['updated_at', 'created_at', 'views_count', 'last_viewed_at'] as const;
export const resumeListQuerySchema = listQuerySchema.extend({
  sort: z.enum(RESUME_SORTS).default('updated_at'),
  status: z.enum(RESUME_STATUSES).optional(),
  visibility: z.enum(RESUME_VISIBILITIES).optional(),
  workerId: idQueryField.optional(),
  branchId: idQueryField.optional(),
  nationality: z.string().trim().toUpperCase().length(2).optional(),
  /** Soft-deleted resumes: hidden unless asked for (`include` shows all, `only` just the deleted). */
  deleted: z.enum(['exclude', 'include', 'only']).default('exclude'),
});
export type ResumeListQuery = z.input<typeof resumeListQuerySchema>;

export const resumeStatusChangeSchema = statusChangeSchema(RESUME_STATUSES);

export function resumeCode(id: number): string {
  return `RS-${String(id).padStart(6, '0')}`;
}

export const resumesApi = defineEndpoints('resumes', {
  list: {
    method: 'GET',
    path: '/resumes',
    access: 'resumes:read',
    summary: '이력서 목록 (상태·공개 범위·근로자·지점·국적·삭제 포함 여부·근로자 이름 검색)',
    query: resumeListQuerySchema,
    response: listResponseSchema(resumeSchema),
  },
  get: {
    method: 'GET',
    path: '/resumes/:id',
    access: 'resumes:read',
    summary: '이력서 상세 (조회수·최근 조회일 갱신, 접속기록에 남음)',
    params: idParamSchema,
    response: resumeSchema,
  },
  create: {
    method: 'POST',
    path: '/resumes',
    access: 'resumes:write',
    summary: '이력서 등록',
    body: resumeCreateSchema,
    response: resumeSchema,
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PATCH',
    path: '/resumes/:id',
    access: 'resumes:write',
    summary: '이력서 수정 (version이 다르면 409)',
    params: idParamSchema,
    body: resumeUpdateSchema,
    response: resumeSchema,
  },
  changeStatus: {
    method: 'POST',
    path: '/resumes/:id/status',
    access: 'resumes:write',
    summary: '이력서 상태 변경 (공개·숨김·임시저장)',
    params: idParamSchema,
    body: resumeStatusChangeSchema,
    response: resumeSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/resumes/:id',
    access: 'resumes:write',
    summary: '이력서 삭제 (복원 가능)',
    params: idParamSchema,
    response: okSchema,
  },
  restore: {
    method: 'POST',
    path: '/resumes/:id/restore',
    access: 'resumes:write',
    summary: '삭제된 이력서 복원',
    params: idParamSchema,
    response: resumeSchema,
  },
  history: {
    method: 'GET',
    path: '/resumes/:id/history',
    access: 'resumes:read',
    summary: '이력서 변경 이력',
    params: idParamSchema,
    response: historyResponseSchema,
  },
});

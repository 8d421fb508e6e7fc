import {
  BIZ_ENTITY_TYPE_LABELS,
  contactsMaskedFor,
  EMPLOYER_STATUS_LABELS,
  type ExportResource,
  type exportQuerySchemas,
  GENDER_LABELS,
  INDUSTRY_LABELS,
  KOREAN_LEVEL_LABELS,
  MATCHING_STATUS_LABELS,
  NATIONALITY_CODES,
  nationalityLabel,
  PAYOUT_METHOD_LABELS,
  PAYOUT_STATUS_LABELS,
  PAYOUT_TYPE_LABELS,
  SALARY_TYPE_LABELS,
  VISA_STATUS_LABELS,
  VISA_TYPE_LABELS,
  WORKER_STATUS_LABELS,
} from '@ilson/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { admins, branches, employers, jobPosts, matchings, payouts, workers } from '../../db/schema';
import type { Executor } from '../../db/types';
import {
  businessRegNoFormatted,
  type ColumnKind,
  labelOf,
  phoneFormatted,
  valuesTable,
} from '../../export/sql';
import type { Actor } from '../../lib/actor';
import { forbidden } from '../../lib/errors';
import type { PiiCipher } from '../../lib/pii';
import type { Scope } from '../../lib/scope';
import * as employersRepo from '../employers/employers.repository';
import { employerFilters } from '../employers/employers.service';
import * as matchingsRepo from '../matchings/matchings.repository';
import { matchingFilters } from '../matchings/matchings.service';
import * as payoutsRepo from '../payouts/payouts.repository';
import { payoutFilters } from '../payouts/payouts.service';
import { checkIdentifierSearch } from '../workers/workers.pii';
import * as workersRepo from '../workers/workers.repository';
import { workerFilters } from '../workers/workers.service';

/**
 * `visaValidity` of @ilson/contracts in SQL: as it stands today in Seoul, not as once stored. Today is a scalar
 * subquery, worked out once per export rather than once per row.
 */
const visaValidity = sql`(CASE WHEN ${workers.visaStatus} IN ('cancelled', 'pending', 'expired') THEN ${workers.visaStatus}
  WHEN ${workers.visaExpiryDate} < (SELECT (now() AT TIME ZONE 'Asia/Seoul')::date) THEN 'expired' ELSE 'valid' END)`;

export type ExportQuery<R extends ExportResource> = z.output<(typeof exportQuerySchemas)[R]>;

/** A personal identifier kept encrypted: masked in SQL by default, decrypted in Node when unmasked. */
export type SecretColumn = { ciphertext: SQL; format: (plain: string) => string };

export type ExportColumn = {
  header: string;
  kind: ColumnKind;
  /** Excel column width in characters. */
  width: number;
  value: SQL;
  secret?: SecretColumn;
};

export type ExportDefinition = {
  /** 사업주, 근로자, 매칭, 결제: the access log's summary and the sheet name. */
  label: string;
  targetType: string;
  columns: readonly ExportColumn[];
  /** FROM and the joins the columns read. */
  from: SQL;
  /** The list screen's WHERE for this query, branch scope included. */
  where(executor: Executor, scope: Scope, pii: PiiCipher, query: Record<string, unknown>): SQL | undefined;
  /** The list's sort column for `sort`, and the id that breaks ties. */
  sortColumn(sort: string): PgColumn;
  id: PgColumn;
  /** What the export asks of the admin beyond `exports:run`, checked before anything is read. */
  guard?(db: Database, actor: Actor, query: { q?: unknown; reason?: string }): Promise<void>;
};

const column = (header: string, kind: ColumnKind, width: number, value: SQL, secret?: SecretColumn) => ({
  header,
  kind,
  width,
  value,
  secret,
});

const text = (value: SQL | PgColumn) => sql`${value}`;
const branchName = sql`${branches.name}`;

/** Korean names of every nationality code, joined by hash. */
const nationalities = valuesTable(
  'nationality',
  NATIONALITY_CODES.map((code) => [code, nationalityLabel(code)] as const),
);
const nationalityName = (code: PgColumn) => sql`coalesce(nationality.label, ${code})`;

const alienRegNoShown = (digits: string) =>
  digits.length === 13 ? `${digits.slice(0, 6)}-${digits.slice(6)}` : digits;

const employerDefinition: ExportDefinition = {
  label: '사업주',
  targetType: 'employer',
  columns: [
    column('번호', 'integer', 8, text(employers.id)),
    column('상호', 'text', 28, text(employers.companyName)),
    column('사업자등록번호', 'label', 15, businessRegNoFormatted(text(employers.businessRegNo))),
    column('대표자', 'text', 10, text(employers.ceoName)),
    column('개업일', 'date', 11, text(employers.openingDate)),
    column('사업자 구분', 'label', 10, labelOf(text(employers.bizEntityType), BIZ_ENTITY_TYPE_LABELS)),
    column('업종', 'label', 14, labelOf(text(employers.industry), INDUSTRY_LABELS)),
    column('지역', 'label', 12, text(employers.region)),
    column('우편번호', 'label', 8, text(employers.zipCode)),
    column('주소', 'text', 40, sql`trim(${employers.roadAddress} || ' ' || ${employers.addressDetail})`),
    column('대표 전화', 'label', 14, phoneFormatted(text(employers.phone))),
    column('이메일', 'text', 24, text(employers.email)),
    column('담당자', 'text', 10, text(employers.managerName)),
    column('담당자 전화', 'label', 14, phoneFormatted(text(employers.managerPhone))),
    column('직원 수', 'integer', 8, text(employers.employeeCount)),
    column('외국인 근로자 수', 'integer', 10, text(employers.foreignWorkerCount)),
    column('지점', 'text', 12, branchName),
    column('상태', 'label', 9, labelOf(text(employers.status), EMPLOYER_STATUS_LABELS)),
    column('승인일시', 'datetime', 17, text(employers.approvedAt)),
    column('등록일시', 'datetime', 17, text(employers.createdAt)),
  ],
  from: sql`${employers} LEFT JOIN ${branches} ON ${branches.id} = ${employers.branchId}`,
  // Whoever sees contacts masked never gets here (`guard`): the search is the full one.
  where: (_executor, scope, _pii, query) =>
    employersRepo.filterConditions(
      scope,
      employerFilters(query as ExportQuery<'employers'>, { contactsMasked: false }),
    ),
  sortColumn: (sort) => employersRepo.SORT_COLUMNS[sort as keyof typeof employersRepo.SORT_COLUMNS],
  id: employers.id,
  /** The file carries the company's and its manager's phone and e-mail in full (docs/SECURITY.md#contacts-a-viewer-sees). */
  async guard(_db, actor) {
    if (contactsMaskedFor(actor.role)) throw forbidden();
  },
};

const workerDefinition: ExportDefinition = {
  label: '근로자',
  targetType: 'worker',
  columns: [
    column('번호', 'integer', 8, text(workers.id)),
    column('한글 이름', 'text', 12, text(workers.nameKo)),
    column('영문 성명', 'text', 24, sql`trim(${workers.lastName} || ' ' || ${workers.firstName})`),
    column('성별', 'label', 6, labelOf(text(workers.gender), GENDER_LABELS)),
    column('생년월일', 'date', 11, text(workers.dateOfBirth)),
    column('국적', 'label', 12, nationalityName(workers.nationality)),
    column('휴대전화', 'label', 14, phoneFormatted(text(workers.phoneNumber))),
    column('이메일', 'text', 24, text(workers.emailAddress)),
    column('외국인등록번호', 'label', 16, text(workers.alienRegNoMasked), {
      ciphertext: text(workers.alienRegNoEnc),
      format: alienRegNoShown,
    }),
    column('여권번호', 'label', 12, text(workers.passportNoMasked), {
      ciphertext: text(workers.passportNoEnc),
      format: (value) => value,
    }),
    column('비자 유형', 'label', 16, labelOf(text(workers.visaType), VISA_TYPE_LABELS)),
    column('비자 상태', 'label', 9, labelOf(visaValidity, VISA_STATUS_LABELS, { computed: true })),
    column('비자 만료일', 'date', 11, text(workers.visaExpiryDate)),
    column('입국일', 'date', 11, text(workers.entryDate)),
    column('한국어 수준', 'label', 10, labelOf(text(workers.koreanLevel), KOREAN_LEVEL_LABELS)),
    column('지점', 'text', 12, branchName),
    column('상태', 'label', 9, labelOf(text(workers.status), WORKER_STATUS_LABELS)),
    column('등록일시', 'datetime', 17, text(workers.createdAt)),
  ],
  from: sql`${workers} LEFT JOIN ${branches} ON ${branches.id} = ${workers.branchId}
    LEFT JOIN ${nationalities} ON nationality.code = ${workers.nationality}`,
  // Whoever sees contacts masked never gets here (`guard`): the search is the full one.
  where: (_executor, scope, pii, query) =>
    workersRepo.filterConditions(
      scope,
      workerFilters(pii, query as ExportQuery<'workers'>, { contactsMasked: false }),
    ),
  sortColumn: (sort) => workersRepo.SORT_COLUMNS[sort as keyof typeof workersRepo.SORT_COLUMNS],
  id: workers.id,
  /**
   * The file carries phone numbers and emails in full: refused to whoever sees them masked (docs/SECURITY.md; no such
   * role may export today). A search by a full identifier needs what the list asks (permission, reason, budget).
   */
  async guard(db, actor, query) {
    if (contactsMaskedFor(actor.role)) throw forbidden();
    await checkIdentifierSearch(db, actor, {
      q: typeof query.q === 'string' ? query.q : undefined,
      reason: query.reason,
    });
  },
};

const workerName = sql`coalesce(nullif(${workers.nameKo}, ''), trim(${workers.lastName} || ' ' || ${workers.firstName}))`;

const matchingDefinition: ExportDefinition = {
  label: '매칭',
  targetType: 'matching',
  columns: [
    column('번호', 'integer', 8, text(matchings.id)),
    column('상태', 'label', 9, labelOf(text(matchings.status), MATCHING_STATUS_LABELS)),
    column('사업주', 'text', 24, text(employers.companyName)),
    column('채용공고', 'text', 30, text(jobPosts.title)),
    column('근로자', 'text', 16, workerName),
    column('국적', 'label', 12, nationalityName(matchings.workerNationality)),
    column('비자', 'label', 16, labelOf(text(matchings.workerVisaType), VISA_TYPE_LABELS)),
    column('업종', 'label', 14, labelOf(text(matchings.industry), INDUSTRY_LABELS)),
    column('지점', 'text', 12, branchName),
    column('담당자', 'text', 10, sql`manager.name`),
    column('면접일시', 'datetime', 17, text(matchings.interviewAt)),
    column('계약일', 'date', 11, text(matchings.contractDate)),
    column('근무 시작일', 'date', 11, text(matchings.startDate)),
    column('근무 종료일', 'date', 11, text(matchings.endDate)),
    column('급여 형태', 'label', 8, labelOf(text(matchings.agreedSalaryType), SALARY_TYPE_LABELS)),
    column('합의 급여(원)', 'won', 13, text(matchings.agreedSalaryAmount)),
    column('수수료(원)', 'won', 12, text(matchings.feeAmount)),
    column('등록일시', 'datetime', 17, text(matchings.createdAt)),
  ],
  from: sql`${matchings}
    JOIN ${jobPosts} ON ${jobPosts.id} = ${matchings.jobPostId}
    JOIN ${employers} ON ${employers.id} = ${matchings.employerId}
    JOIN ${workers} ON ${workers.id} = ${matchings.workerId}
    LEFT JOIN ${branches} ON ${branches.id} = ${matchings.branchId}
    LEFT JOIN ${admins} AS manager ON manager.id = ${matchings.managerAdminId}
    LEFT JOIN ${nationalities} ON nationality.code = ${matchings.workerNationality}`,
  where: (executor, scope, _pii, query) =>
    matchingsRepo.filterConditions(executor, scope, matchingFilters(query as ExportQuery<'matchings'>)),
  sortColumn: (sort) => matchingsRepo.SORT_COLUMNS[sort as keyof typeof matchingsRepo.SORT_COLUMNS],
  id: matchings.id,
};

const paymentDefinition: ExportDefinition = {
  label: '결제',
  targetType: 'payout',
  columns: [
    column('번호', 'integer', 8, text(payouts.id)),
    column('유형', 'label', 10, labelOf(text(payouts.type), PAYOUT_TYPE_LABELS)),
    column('상태', 'label', 9, labelOf(text(payouts.status), PAYOUT_STATUS_LABELS)),
    column('사업주', 'text', 24, text(employers.companyName)),
    column('근로자', 'text', 16, sql`CASE WHEN ${workers.id} IS NULL THEN NULL ELSE ${workerName} END`),
    column('매칭 번호', 'integer', 9, text(payouts.matchingId)),
    column('금액(원)', 'won', 13, text(payouts.amount)),
    column('부가세(원)', 'won', 12, text(payouts.vat)),
    column('합계(원)', 'won', 13, sql`${payouts.amount} + ${payouts.vat}`),
    column('지급 방법', 'label', 10, labelOf(text(payouts.method), PAYOUT_METHOD_LABELS)),
    column('은행', 'text', 10, text(payouts.bankName)),
    column('계좌번호', 'label', 18, text(payouts.accountNoMasked), {
      ciphertext: text(payouts.accountNoEnc),
      format: (value) => value,
    }),
    column('예금주', 'text', 10, text(payouts.accountHolder)),
    column('지급 예정일', 'date', 11, text(payouts.scheduledDate)),
    column('지급일시', 'datetime', 17, text(payouts.paidAt)),
    column('등록일시', 'datetime', 17, text(payouts.createdAt)),
  ],
  from: sql`${payouts}
    JOIN ${employers} ON ${employers.id} = ${payouts.employerId}
    LEFT JOIN ${workers} ON ${workers.id} = ${payouts.workerId}`,
  where: (executor, scope, pii, query) =>
    payoutsRepo.filterConditions(executor, scope, payoutFilters(pii, query as ExportQuery<'payments'>)),
  sortColumn: (sort) => payoutsRepo.SORT_COLUMNS[sort as keyof typeof payoutsRepo.SORT_COLUMNS],
  id: payouts.id,
};

export const EXPORT_DEFINITIONS: Record<ExportResource, ExportDefinition> = {
  employers: employerDefinition,
  workers: workerDefinition,
  matchings: matchingDefinition,
  payments: paymentDefinition,
};

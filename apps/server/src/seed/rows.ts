import { getTableColumns, getTableName } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  appUserConsents,
  appUsers,
  auditLogs,
  branches,
  employers,
  jobPosts,
  matchingStatusHistory,
  matchings,
  payouts,
  resumes,
  reviews,
  workers,
} from '../db/schema';
import type { PiiCipher } from '../lib/pii';
import { accountNoColumns } from '../modules/payouts/payouts.rules';
import { alienRegNoColumns, passportNoColumns } from '../modules/workers/workers.pii';
import type { SeedAuditRow } from './access-log';
import type { SeedBranch } from './branches';
import type { SeedEmployer } from './employers';
import type { SeedJobPost } from './job-posts';
import type { SeedHistory, SeedMatching } from './matchings';
import type { SeedPayout } from './payouts';
import type { SeedAppUser, SeedConsent, SeedReview } from './people';
import type { SeedResume } from './resumes';
import type { SeedWorker } from './workers';

/**
 * One table's COPY: the table, and how a generated record becomes a row keyed by the schema's own fields. The
 * column list is not restated: it is the fields the row gives, named as the schema names them (copyColumns). A row
 * must give every field the schema requires and no field it does not have; the fields with a default may be left
 * out, as an insert may.
 */
export type TableSpec<T, TTable extends PgTable = PgTable> = {
  table: TTable;
  row(record: T): { [K in keyof TTable['$inferInsert']]: unknown };
};

/** The SQL names of a row's fields, in the row's order (the schema's keys are camelCase; the database's snake_case). */
export function copyColumns(table: PgTable, fields: readonly string[]): string[] {
  const columns = getTableColumns(table);
  return fields.map((field) => {
    const column = columns[field];
    if (!column) throw new Error(`${getTableName(table)} has no column ${field}`);
    return column.keyAsName ? toSnakeCase(field) : column.name;
  });
}

export const branchSpec: TableSpec<SeedBranch, typeof branches> = {
  table: branches,
  row: (b) => ({
    id: b.id,
    name: b.name,
    code: b.code,
    region: b.region,
    address: b.address,
    phone: b.phone,
    status: b.status,
    createdAt: b.createdAt,
    updatedAt: b.createdAt,
    version: 1,
  }),
};

export const employerSpec: TableSpec<SeedEmployer, typeof employers> = {
  table: employers,
  row: (e) => ({
    id: e.id,
    companyName: e.companyName,
    businessRegNo: e.businessRegNo,
    ceoName: e.ceoName,
    openingDate: e.openingDate,
    bizEntityType: e.bizEntityType,
    industry: e.industry,
    region: e.region,
    zipCode: e.zipCode,
    roadAddress: e.roadAddress,
    addressDetail: e.addressDetail,
    phone: e.phone,
    email: e.email,
    managerName: e.managerName,
    managerPhone: e.managerPhone,
    employeeCount: e.employeeCount,
    foreignWorkerCount: e.foreignWorkerCount,
    branchId: e.branchId,
    status: e.status,
    statusReason: e.statusReason,
    statusChangedAt: e.statusChangedAt,
    approvedAt: e.approvedAt,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
    version: e.version,
  }),
};

/** Workers' 외국인등록번호 and 여권번호 go in the way the API stores them: ciphertext, keyed hash, mask. */
export function workerSpec(pii: PiiCipher): TableSpec<SeedWorker, typeof workers> {
  return {
    table: workers,
    row(w) {
      const alien = alienRegNoColumns(pii, w.alienRegNo);
      const passport = passportNoColumns(pii, w.passportNo);
      return {
        id: w.id,
        nameKo: w.nameKo,
        firstName: w.firstName,
        lastName: w.lastName,
        gender: w.gender,
        dateOfBirth: w.dateOfBirth,
        nationality: w.nationality,
        phoneNumber: w.phoneNumber,
        emailAddress: w.emailAddress,
        alienRegNoEnc: alien.alienRegNoEnc,
        alienRegNoHash: alien.alienRegNoHash,
        alienRegNoMasked: alien.alienRegNoMasked,
        passportNoEnc: passport.passportNoEnc,
        passportNoHash: passport.passportNoHash,
        passportNoMasked: passport.passportNoMasked,
        passportExpiryDate: w.passportExpiryDate,
        visaType: w.visaType,
        visaStatus: w.visaStatus,
        visaExpiryDate: w.visaExpiryDate,
        entryDate: w.entryDate,
        employmentPeriodEndDate: w.employmentPeriodEndDate,
        koreanLevel: w.koreanLevel,
        desiredIndustries: pgArray(w.desiredIndustries),
        streetAddress: w.streetAddress,
        city: w.city,
        stateProvince: w.stateProvince,
        postalCode: w.postalCode,
        country: w.country,
        branchId: w.branchId,
        status: w.status,
        statusReason: w.statusReason,
        statusChangedAt: w.statusChangedAt,
        extensionStatus: w.extensionStatus,
        extensionAppliedAt: w.extensionAppliedAt,
        extensionApprovedAt: w.extensionApprovedAt,
        createdAt: w.createdAt,
        updatedAt: w.updatedAt,
        version: w.version,
      };
    },
  };
}

/** One CSV line for COPY … WITH (FORMAT csv): NULL is an unquoted empty field, every string is quoted. */
export function csvLine(values: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) line += ',';
    const v = values[i];
    if (v === null || v === undefined) continue;
    if (typeof v === 'number' || typeof v === 'boolean') line += String(v);
    else if (v instanceof Date) line += v.toISOString();
    else {
      const s = typeof v === 'string' ? v : JSON.stringify(v);
      line += `"${s.includes('"') ? s.replaceAll('"', '""') : s}"`;
    }
  }
  return `${line}\n`;
}

const pgArray = (items: readonly string[]) => `{${items.join(',')}}`;

export const jobPostSpec: TableSpec<SeedJobPost, typeof jobPosts> = {
  table: jobPosts,
  row: (p) => ({
    id: p.id,
    employerId: p.employerId,
    employerCompanyName: p.employerCompanyName,
    branchId: p.branchId,
    title: p.title,
    industry: p.industry,
    duty: p.duty,
    jobDescription: p.jobDescription,
    isSimpleLabour: p.isSimpleLabour,
    headcount: p.headcount,
    filledCount: p.filledCount,
    region: p.region,
    zipCode: p.zipCode,
    workAddress: p.workAddress,
    employmentType: p.employmentType,
    contractMonths: p.contractMonths,
    workDays: pgArray(p.workDays),
    workStartTime: p.workStartTime,
    workEndTime: p.workEndTime,
    breakMinutes: p.breakMinutes,
    salaryType: p.salaryType,
    salaryAmount: p.salaryAmount,
    dormitoryProvided: p.dormitoryProvided,
    mealProvided: p.mealProvided,
    allowedVisaTypes: pgArray(p.allowedVisaTypes),
    requiredKoreanLevel: p.requiredKoreanLevel,
    deadline: p.deadline,
    viewCount: p.viewCount,
    status: p.status,
    rejectReason: p.rejectReason,
    statusReason: p.statusReason,
    statusChangedAt: p.statusChangedAt,
    publishedAt: p.publishedAt,
    closedAt: p.closedAt,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    version: p.version,
  }),
};

export const matchingSpec: TableSpec<SeedMatching, typeof matchings> = {
  table: matchings,
  row: (m) => ({
    id: m.id,
    jobPostId: m.jobPostId,
    employerId: m.employerId,
    workerId: m.workerId,
    resumeId: m.resumeId,
    branchId: m.branchId,
    source: m.source,
    workerNationality: m.workerNationality,
    workerVisaType: m.workerVisaType,
    industry: m.industry,
    interviewAt: m.interviewAt,
    contractDate: m.contractDate,
    startDate: m.startDate,
    endDate: m.endDate,
    agreedSalaryType: m.agreedSalaryType,
    agreedSalaryAmount: m.agreedSalaryAmount,
    feeAmount: m.feeAmount,
    cancelReason: m.cancelReason,
    status: m.status,
    statusChangedAt: m.statusChangedAt,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    version: m.version,
  }),
};

export const historySpec: TableSpec<
  SeedHistory & { id: number; matchingId: number },
  typeof matchingStatusHistory
> = {
  table: matchingStatusHistory,
  row: (h) => ({
    id: h.id,
    matchingId: h.matchingId,
    fromStatus: h.fromStatus,
    toStatus: h.toStatus,
    reason: h.reason,
    changedAt: h.changedAt,
  }),
};

/** Account numbers go in as the payouts module stores them: ciphertext, keyed hash, last four digits. */
export function payoutSpec(pii: PiiCipher): TableSpec<SeedPayout, typeof payouts> {
  return {
    table: payouts,
    row(p) {
      const account = accountNoColumns(pii, p.accountNo);
      return {
        id: p.id,
        matchingId: p.matchingId,
        employerId: p.employerId,
        employerBranchId: p.employerBranchId,
        workerId: p.workerId,
        type: p.type,
        amount: p.amount,
        vat: p.vat,
        method: p.method,
        bankName: p.bankName,
        accountNoEnc: account.accountNoEnc,
        accountNoHash: account.accountNoHash,
        accountNoMasked: account.accountNoMasked,
        accountHolder: p.accountHolder,
        scheduledDate: p.scheduledDate,
        paidAt: p.paidAt,
        memo: p.memo,
        status: p.status,
        statusReason: p.statusReason,
        statusChangedAt: p.statusChangedAt,
        createdAt: p.createdAt,
        updatedAt: p.updatedAt,
        version: p.version,
      };
    },
  };
}

/** No id column: the log's own identity numbers the rows, after whatever is there. */
export const auditSpec: TableSpec<SeedAuditRow, typeof auditLogs> = {
  table: auditLogs,
  row: (a) => ({
    createdAt: a.createdAt,
    actorAdminId: a.actorAdminId,
    actorLoginId: a.actorLoginId,
    action: a.action,
    targetType: a.targetType,
    targetId: a.targetId,
    summary: a.summary,
    diff: a.diff === null ? null : JSON.stringify(a.diff),
    recordCount: a.recordCount,
    reason: a.reason,
    ip: a.ip,
    userAgent: a.userAgent,
    prevHash: a.prevHash,
    hash: a.hash,
  }),
};

export const appUserSpec: TableSpec<SeedAppUser, typeof appUsers> = {
  table: appUsers,
  row: (u) => ({
    id: u.id,
    userType: u.userType,
    loginId: u.loginId,
    email: u.email,
    phone: u.phone,
    name: u.name,
    employerId: u.employerId,
    workerId: u.workerId,
    preferredLanguage: u.preferredLanguage,
    joinedAt: u.joinedAt,
    lastLoginAt: u.lastLoginAt,
    status: u.status,
    statusReason: u.statusReason,
    statusChangedAt: u.statusChangedAt,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
    version: u.version,
  }),
};

export const consentSpec: TableSpec<SeedConsent, typeof appUserConsents> = {
  table: appUserConsents,
  row: (c) => ({
    id: c.id,
    appUserId: c.appUserId,
    item: c.item,
    textVersion: c.textVersion,
    consentedAt: c.consentedAt,
    channel: c.channel,
    withdrawnAt: c.withdrawnAt,
    withdrawalChannel: c.withdrawalChannel,
  }),
};

export const reviewSpec: TableSpec<SeedReview, typeof reviews> = {
  table: reviews,
  row: (r) => ({
    id: r.id,
    matchingId: r.matchingId,
    reviewerType: r.reviewerType,
    employerId: r.employerId,
    workerId: r.workerId,
    branchId: r.branchId,
    rating: r.rating,
    content: r.content,
    reportCount: r.reportCount,
    status: r.status,
    moderationReason: r.moderationReason,
    moderatedAt: r.moderatedAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    version: r.version,
  }),
};

export const resumeSpec: TableSpec<SeedResume, typeof resumes> = {
  table: resumes,
  row: (r) => ({
    id: r.id,
    workerId: r.workerId,
    workExperience: JSON.stringify(r.workExperience),
    educationHistory: JSON.stringify(r.educationHistory),
    languageSkills: JSON.stringify(r.languageSkills),
    certifications: JSON.stringify(r.certifications),
    skills: pgArray(r.skills),
    references: JSON.stringify(r.references),
    viewsCount: r.viewsCount,
    lastViewedAt: r.lastViewedAt,
    status: r.status,
    statusReason: r.statusReason,
    visibility: r.visibility,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    version: r.version,
  }),
};

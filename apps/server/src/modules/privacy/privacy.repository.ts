import {
  ACCESS_CHANGE_LOG_FLOOR,
  DESTROYED_LABEL,
  type DestructionListQuery,
  RETENTION_KINDS,
  type RetentionKind,
  type RetentionRules,
} from '@ilson/contracts';
import { and, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { cutAuditChain } from '../../audit/chain';
import { queryRows } from '../../db/client';
import { admins, destructions } from '../../db/schema';
import type { Executor } from '../../db/types';
import { clearBulkTraces, deleteSavedViewsNaming, deleteUndoCaptures, destroyStagedRows } from './traces';

/**
 * The SQL of the personal-data lifecycle (docs/privacy-lifecycle.md): which records are past their retention, and
 * the destruction itself. Dates are Seoul calendar days; month arithmetic is PostgreSQL's (31 March less one month
 * is 28 or 29 February).
 */

const seoulDay = (instant: SQL) => sql`(${instant} AT TIME ZONE 'Asia/Seoul')::date`;

/**
 * The day a matching (`m`) ended: the later of its status change and its contract's end date — a contract
 * terminated today with a month's notice still runs until its end date, and its papers are kept from then
 * (docs/privacy-lifecycle.md#clocks). When a payout (`p`) was settled: where its period counts from.
 */
const matchingEndDay = sql`greatest(${seoulDay(sql`coalesce(m.status_changed_at, m.updated_at)`)}, m.end_date)`;
/** A contract under way: contracted or working, or ended (completed, terminated) with its end date still ahead. */
const contractRunning = (today: string) =>
  sql`(m.status IN ('contracted', 'working')
    OR (m.status IN ('completed', 'terminated') AND m.end_date >= ${today}::date))`;
const payoutSettled = sql`coalesce(p.paid_at, p.status_changed_at, p.updated_at)`;

/** The last Seoul day a period may have started on for its records to be due today. */
export async function dueBefore(executor: Executor, today: string, months: number): Promise<string> {
  const [row] = await queryRows<{ day: string }>(
    executor,
    sql`SELECT to_char((${today}::date - make_interval(months => ${months}))::date, 'YYYY-MM-DD') AS day`,
  );
  return row!.day;
}

/** The day each kind's due records must have ended by, from the rules and today; and today itself. */
export type DueDays = Record<RetentionKind, string> & { today: string };

export async function dueDays(executor: Executor, today: string, rules: RetentionRules): Promise<DueDays> {
  const entries = await Promise.all(
    RETENTION_KINDS.map(
      async (kind) => [kind, await dueBefore(executor, today, rules[kind].months)] as const,
    ),
  );
  return { ...(Object.fromEntries(entries) as Record<RetentionKind, string>), today };
}

const appUserDue = (days: DueDays) =>
  sql`${seoulDay(sql`coalesce(u.status_changed_at, u.updated_at)`)} <= ${days.appUsers}::date`;

/** When a worker's purpose ended: the day they departed or the record was deleted, whichever came first. */
const workerEnded = sql`least(
  CASE WHEN w.status = 'departed' THEN coalesce(w.status_changed_at, w.updated_at) END,
  w.deleted_at)`;
/**
 * The day a worker's own period counts from: their end, or the latest end of their contracts when that is later
 * (근로기준법 시행령 제22조: 근로관계가 끝난 날; docs/privacy-lifecycle.md#clocks). Null while they have not ended.
 */
const workerEndDay = sql`CASE WHEN ${workerEnded} IS NOT NULL THEN greatest(${seoulDay(workerEnded)},
  (SELECT max(m.end_date) FROM matchings m WHERE m.worker_id = w.id AND m.status <> 'cancelled')) END`;

/**
 * Why a worker's personal data must still be kept, in Korean, one reason each; none when it may be destroyed.
 * A worker is kept while its own period runs, while a matching of theirs is under way or ended within the
 * matchings' period, while a payout to them is open or settled within the payouts' period, and while their app
 * account is in use or not yet due itself (so the app users' pass, which runs first, has destroyed it).
 */
function workerHolds(days: DueDays, { request = false }: { request?: boolean } = {}): SQL {
  // A data subject's 삭제 request ends the purpose itself, and takes their app accounts with it: only the periods
  // other laws set for matchings and payouts hold then.
  const own = request
    ? sql`NULL`
    : sql`CASE WHEN ${workerEnded} IS NULL THEN '재직 또는 구직 중인 근로자입니다 (출국·삭제 후 보존 기간이 지나야 파기할 수 있습니다).'
         WHEN ${workerEndDay} > ${days.workers}::date
           THEN '근로자 기록의 보존 기간이 끝나지 않았습니다 (' || to_char(${workerEndDay}, 'YYYY-MM-DD') || ' 출국·삭제 또는 계약 종료).' END`;
  const account = request
    ? sql`NULL`
    : sql`CASE WHEN EXISTS (SELECT 1 FROM app_users u WHERE u.worker_id = w.id AND u.destroyed_at IS NULL
        AND NOT (u.status = 'withdrawn' AND ${appUserDue(days)}))
      THEN '앱 회원 계정이 사용 중이거나, 탈퇴 후 보존 기간이 지나지 않았습니다.' END`;
  return sql`array_remove(ARRAY[
    ${own},
    CASE WHEN EXISTS (SELECT 1 FROM matchings m WHERE m.worker_id = w.id AND ${contractRunning(days.today)})
        THEN '근로계약이 진행 중입니다 (계약 중·근무 중이거나 계약 종료일이 지나지 않았습니다).'
      WHEN EXISTS (SELECT 1 FROM matchings m WHERE m.worker_id = w.id
          AND m.status NOT IN ('completed', 'cancelled', 'terminated'))
        THEN '진행 중인 매칭(근로계약)이 있습니다.'
      WHEN EXISTS (SELECT 1 FROM matchings m WHERE m.worker_id = w.id
          AND ${matchingEndDay} > ${days.matchings}::date)
        THEN '매칭·근로계약 기록의 보존 기간(근로기준법 제42조)이 끝나지 않았습니다.' END,
    CASE WHEN EXISTS (SELECT 1 FROM payouts p WHERE p.worker_id = w.id AND p.status NOT IN ('paid', 'cancelled'))
        THEN '지급이나 취소가 끝나지 않은 정산이 있습니다.'
      WHEN EXISTS (SELECT 1 FROM payouts p WHERE p.worker_id = w.id
          AND ${seoulDay(payoutSettled)} > ${days.payouts}::date)
        THEN '정산(지급) 기록의 보존 기간(전자상거래법 제6조, 5년)이 끝나지 않았습니다.' END,
    ${account}
  ]::text[], NULL)`;
}

/** When an employer's purpose ended: the day it was rejected or withdrew, or the record was deleted. */
const employerEnded = sql`least(
  CASE WHEN e.status IN ('rejected', 'withdrawn') THEN coalesce(e.status_changed_at, e.updated_at) END,
  e.deleted_at)`;

/**
 * Employers past the employers' period from their end, unless a matching of theirs is under way or ended within
 * the matchings' period, a payout of theirs is open or settled within the payouts' period, a job post of theirs
 * is still open, or an app account of theirs is in use or not yet due (app users are destroyed first).
 */
export async function dueEmployers(executor: Executor, days: DueDays, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    executor,
    sql`SELECT e.id FROM employers e
        WHERE e.destroyed_at IS NULL AND ${employerEnded} IS NOT NULL
          AND ${seoulDay(employerEnded)} <= ${days.employers}::date
          AND NOT EXISTS (SELECT 1 FROM matchings m WHERE m.employer_id = e.id
            AND (m.status NOT IN ('completed', 'cancelled', 'terminated')
              OR ${matchingEndDay} > ${days.matchings}::date))
          AND NOT EXISTS (SELECT 1 FROM payouts p WHERE p.employer_id = e.id
            AND (p.status NOT IN ('paid', 'cancelled')
              OR ${seoulDay(payoutSettled)} > ${days.payouts}::date))
          AND NOT EXISTS (SELECT 1 FROM job_posts j WHERE j.employer_id = e.id AND j.deleted_at IS NULL
            AND j.status NOT IN ('closed', 'rejected'))
          AND NOT EXISTS (SELECT 1 FROM app_users u WHERE u.employer_id = e.id AND u.destroyed_at IS NULL
            AND NOT (u.status = 'withdrawn' AND ${appUserDue(days)}))
        ORDER BY ${employerEnded}, e.id
        LIMIT ${limit}`,
  );
  return rows.map((row) => row.id);
}

/**
 * Destroys the people in these employers — the representative's name, the phone, e-mail, manager, address detail,
 * memo and status reason, and the notes on its permits — with the app accounts linked to them and the import rows
 * they came from. The company name, business number, industry, region and road address stay (they describe the
 * business), and so do the permits themselves and every count and statistic.
 */
export async function destroyEmployers(executor: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  await destroyEmployerTraces(executor, ids);
  const rows = await queryRows<{ id: number }>(
    executor,
    sql`UPDATE employers SET ceo_name = ${DESTROYED_LABEL}, phone = '', email = '', manager_name = '',
          manager_phone = '', address_detail = '', admin_memo = '', status_reason = NULL,
          destroyed_at = now(), updated_at = now(), version = version + 1
        WHERE id = ANY(${idList(ids)}) AND destroyed_at IS NULL
        RETURNING id`,
  );
  const destroyed = rows.map((row) => row.id);
  if (destroyed.length === 0) return [];
  // The permits stay (type, number, validity and headcount describe the business); their free-text notes go.
  await executor.execute(
    sql`UPDATE employer_permits SET note = '', updated_at = now(), version = version + 1
        WHERE employer_id = ANY(${idList(destroyed)}) AND note <> ''`,
  );
  await destroyAppUserRows(executor, sql`employer_id = ANY(${idList(destroyed)})`);
  await deleteUndoCaptures(executor, 'employer', destroyed);
  return destroyed;
}

/**
 * What the employers leave elsewhere (docs/privacy-lifecycle.md#the-inventory), read and cleared before their row:
 * staged import rows keyed by their business number, saved views and bulk jobs that name their people.
 */
async function destroyEmployerTraces(executor: Executor, ids: readonly number[]) {
  const people = await queryRows<{ id: number; reg_no: string; terms: string[] }>(
    executor,
    sql`SELECT id, business_reg_no AS reg_no,
          ARRAY[ceo_name, phone, email, manager_name, manager_phone]::text[] AS terms
        FROM employers WHERE id = ANY(${idList(ids)}) AND destroyed_at IS NULL`,
  );
  if (people.length === 0) return;
  const found = people.map((p) => p.id);
  const terms = people.flatMap((p) => p.terms.filter(Boolean));
  await destroyStagedRows(
    executor,
    'employers',
    found,
    people.map((p) => `B:${p.reg_no}`),
  );
  await deleteSavedViewsNaming(executor, ['employer_id'], found, terms);
  await clearBulkTraces(executor, 'employers', found, terms);
}

/** Matchings that ended (completed, cancelled, terminated) before the matchings' period, oldest first. */
export async function dueMatchings(executor: Executor, days: DueDays, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    executor,
    sql`SELECT m.id FROM matchings m
        WHERE m.destroyed_at IS NULL AND m.status IN ('completed', 'cancelled', 'terminated')
          AND ${matchingEndDay} <= ${days.matchings}::date
        ORDER BY ${matchingEndDay}, m.id
        LIMIT ${limit}`,
  );
  return rows.map((row) => row.id);
}

/**
 * A matching's free text — the memo, the cancellation and override reasons, and the reasons in its status
 * history — says things about the people in it; the dates, amounts and statuses the statistics count stay.
 */
export async function destroyMatchings(executor: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    executor,
    sql`UPDATE matchings SET memo = '', cancel_reason = NULL, override_reason = NULL,
          destroyed_at = now(), updated_at = now(), version = version + 1
        WHERE id = ANY(${idList(ids)}) AND destroyed_at IS NULL
        RETURNING id`,
  );
  const destroyed = rows.map((row) => row.id);
  if (destroyed.length > 0) {
    await executor.execute(
      sql`UPDATE matching_status_history SET reason = NULL
          WHERE matching_id = ANY(${idList(destroyed)}) AND reason IS NOT NULL`,
    );
  }
  return destroyed;
}

/** Payouts paid or cancelled before the payouts' period (전자상거래법: five years), oldest first. */
export async function duePayouts(executor: Executor, days: DueDays, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    executor,
    sql`SELECT p.id FROM payouts p
        WHERE p.destroyed_at IS NULL AND p.status IN ('paid', 'cancelled')
          AND ${seoulDay(payoutSettled)} <= ${days.payouts}::date
        ORDER BY ${payoutSettled}, p.id
        LIMIT ${limit}`,
  );
  return rows.map((row) => row.id);
}

/** The payee's account (ciphertext, search hash, masked form, holder) and the free text; the money stays. */
export async function destroyPayouts(executor: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    executor,
    sql`UPDATE payouts SET account_no_enc = NULL, account_no_hash = NULL, account_no_masked = NULL,
          account_holder = '', memo = '', status_reason = NULL,
          destroyed_at = now(), updated_at = now(), version = version + 1
        WHERE id = ANY(${idList(ids)}) AND destroyed_at IS NULL
        RETURNING id`,
  );
  return rows.map((row) => row.id);
}

/**
 * The access log's rows before the day its period started (kept at least the whole period: the database refuses
 * to delete a row under two years old), as a prefix of the chain — up to the first row written on or after that
 * day — so that the rows left still link from the cut (docs/access-log.md#retention). Oldest first.
 */
export async function dueAuditLogs(executor: Executor, days: DueDays, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    executor,
    // The prefix also stops at the oldest permission or security change under its own floor (3 years,
    // ACCESS_CHANGE_LOG_FLOOR; docs/access-log.md#retention).
    sql`SELECT id::float8 AS id FROM audit_logs
        WHERE id < coalesce(
          (SELECT min(id) FROM audit_logs
            WHERE created_at >= (${days.auditLogs}::date)::timestamp AT TIME ZONE 'Asia/Seoul'),
          (SELECT max(id) + 1 FROM audit_logs))
          AND id < coalesce(
          (SELECT min(id) FROM audit_logs
            WHERE action IN (${sql.join(
              ACCESS_CHANGE_LOG_FLOOR.actions.map((action) => sql`${action}`),
              sql`, `,
            )})
              AND created_at >= now() - make_interval(months => ${ACCESS_CHANGE_LOG_FLOOR.minMonths})),
          (SELECT max(id) + 1 FROM audit_logs))
        ORDER BY id
        LIMIT ${limit}`,
  );
  return rows.map((row) => Number(row.id));
}

/** Workers past every retention that holds them, oldest end first. */
export async function dueWorkers(executor: Executor, days: DueDays, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    executor,
    sql`SELECT w.id FROM workers w
        WHERE w.destroyed_at IS NULL AND ${workerEnded} IS NOT NULL
          AND ${workerEndDay} <= ${days.workers}::date
          AND cardinality(${workerHolds(days)}) = 0
        ORDER BY ${workerEnded}, w.id
        LIMIT ${limit}`,
  );
  return rows.map((row) => row.id);
}

/** Why one worker may not be destroyed yet (empty when it may), or null when there is no such worker. */
export async function workerRetentionHolds(
  executor: Executor,
  workerId: number,
  days: DueDays,
  options: { request?: boolean } = {},
): Promise<{ destroyed: boolean; holds: string[] } | null> {
  const [row] = await queryRows<{ destroyed: boolean; holds: string[] }>(
    executor,
    sql`SELECT w.destroyed_at IS NOT NULL AS destroyed, ${workerHolds(days, options)} AS holds FROM workers w
        WHERE w.id = ${workerId}`,
  );
  return row ?? null;
}

/** Withdrawn app users whose withdrawal is older than the app users' period. */
export async function dueAppUsers(executor: Executor, days: DueDays, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    executor,
    sql`SELECT u.id FROM app_users u
        WHERE u.destroyed_at IS NULL AND u.status = 'withdrawn' AND ${appUserDue(days)}
        ORDER BY coalesce(u.status_changed_at, u.updated_at), u.id
        LIMIT ${limit}`,
  );
  return rows.map((row) => row.id);
}

const idList = (ids: readonly number[]) =>
  sql`ARRAY[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;

/**
 * Destroys the personal fields of these workers, of their resumes, of the app accounts linked to them and of the
 * import rows they came from; the rows stay with what is not personal (nationality, visa, dates, the year of
 * birth, status), so every count and statistic stays as it was. The table constraints refuse any later write
 * that would put personal data back.
 */
export async function destroyWorkers(
  executor: Executor,
  ids: readonly number[],
  keyed: KeyedHash,
): Promise<number[]> {
  if (ids.length === 0) return [];
  // The rows locked first, then what may go read in a statement of its own (a snapshot taken after the locks):
  // a matching made for the worker while the destruction waited is seen, and the worker stays. A matching's
  // create locks the worker too and refuses one destroyed meanwhile (docs/privacy-lifecycle.md#destruction-and-writes-at-once).
  await queryRows(
    executor,
    sql`SELECT id FROM workers WHERE id = ANY(${idList(ids)}) AND destroyed_at IS NULL ORDER BY id FOR UPDATE`,
  );
  const free = await queryRows<{ id: number }>(
    executor,
    sql`SELECT id FROM workers w WHERE id = ANY(${idList(ids)}) AND destroyed_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM matchings m WHERE m.worker_id = w.id
            AND m.status NOT IN ('completed', 'cancelled', 'terminated'))`,
  );
  if (free.length === 0) return [];
  const eligible = free.map((row) => row.id);
  await destroyWorkerTraces(executor, eligible, keyed);
  const rows = await queryRows<{ id: number }>(
    executor,
    sql`UPDATE workers SET name_ko = ${DESTROYED_LABEL}, first_name = '', last_name = '', phone_number = '',
          email_address = '', alien_reg_no_enc = NULL, alien_reg_no_hash = NULL, alien_reg_no_masked = NULL,
          passport_no_enc = NULL, passport_no_hash = NULL, passport_no_masked = NULL, passport_expiry_date = NULL,
          street_address = '', city = '', state_province = '', postal_code = '', admin_memo = '',
          status_reason = NULL, date_of_birth = make_date(extract(year FROM date_of_birth)::int, 1, 1),
          destroyed_at = now(), updated_at = now(), version = version + 1
        WHERE id = ANY(${idList(eligible)}) AND destroyed_at IS NULL
        RETURNING id`,
  );
  const destroyed = rows.map((row) => row.id);
  if (destroyed.length === 0) return [];
  await destroyResumeRows(executor, sql`worker_id = ANY(${idList(destroyed)})`);
  await destroyAppUserRows(executor, sql`worker_id = ANY(${idList(destroyed)})`);
  // The 사업장 변경 records stay (the count the law limits); their free text and case number go.
  await executor.execute(
    sql`UPDATE worker_workplace_changes SET note = '', approval_no = NULL, updated_at = now(), version = version + 1
        WHERE worker_id = ANY(${idList(destroyed)}) AND (note <> '' OR approval_no IS NOT NULL)`,
  );
  return destroyed;
}

/** The keyed hash the import keys rows by (PiiCipher.searchHash). */
export type KeyedHash = (normalized: string) => string;

/**
 * What the workers leave elsewhere (docs/privacy-lifecycle.md#the-inventory), read and cleared before their row:
 * staged import rows keyed like them — by 외국인등록번호, 여권번호, or name, birth date and nationality, as the
 * import keys a row (imports.targets.ts) — saved views and bulk jobs that name them.
 */
async function destroyWorkerTraces(executor: Executor, ids: readonly number[], keyed: KeyedHash) {
  const people = await queryRows<{
    id: number;
    arn: string | null;
    passport: string | null;
    named: string;
    terms: string[];
  }>(
    executor,
    sql`SELECT id, alien_reg_no_hash AS arn, passport_no_hash AS passport,
          concat_ws('|', upper(last_name), upper(first_name), to_char(date_of_birth, 'YYYY-MM-DD'), nationality) AS named,
          ARRAY[name_ko, phone_number, email_address] || CASE WHEN first_name <> '' AND last_name <> ''
            THEN ARRAY[first_name || ' ' || last_name, last_name || ' ' || first_name, last_name || first_name]
            ELSE ARRAY[]::text[] END AS terms
        FROM workers WHERE id = ANY(${idList(ids)}) AND destroyed_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM matchings m WHERE m.worker_id = workers.id
            AND m.status IN ('contracted', 'working'))`,
  );
  if (people.length === 0) return;
  const found = people.map((p) => p.id);
  const keys = people.flatMap((p) => [
    ...(p.arn ? [`A:${p.arn}`] : []),
    ...(p.passport ? [`P:${p.passport}`] : []),
    `N:${keyed(p.named)}`,
  ]);
  const terms = people.flatMap((p) => p.terms.filter((t) => t && t.trim().length > 0));
  await destroyStagedRows(executor, 'workers', found, keys);
  await deleteSavedViewsNaming(executor, ['worker_id'], found, terms);
  await clearBulkTraces(executor, 'workers', found, terms);
}

/** A resume's contents are all personal: what the worker did, studied, speaks and who vouches for them. */
function destroyResumeRows(executor: Executor, where: SQL) {
  return queryRows<{ id: number }>(
    executor,
    sql`UPDATE resumes SET work_experience = '[]'::jsonb, education_history = '[]'::jsonb,
          language_skills = '[]'::jsonb, certifications = '[]'::jsonb, skills = '{}', "references" = '[]'::jsonb,
          status_reason = NULL, destroyed_at = now(), updated_at = now(), version = version + 1
        WHERE ${where} AND destroyed_at IS NULL
        RETURNING id`,
  );
}

/**
 * Deleted resumes past the resumes' period, unless a matching made with it is under way or ended within the
 * matchings' period (the contract's papers name what the worker offered). Oldest deletion first.
 */
export async function dueResumes(executor: Executor, days: DueDays, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    executor,
    sql`SELECT r.id FROM resumes r
        WHERE r.destroyed_at IS NULL AND r.deleted_at IS NOT NULL
          AND ${seoulDay(sql`r.deleted_at`)} <= ${days.resumes}::date
          AND NOT EXISTS (SELECT 1 FROM matchings m WHERE m.resume_id = r.id
            AND (m.status NOT IN ('completed', 'cancelled', 'terminated')
              OR ${matchingEndDay} > ${days.matchings}::date))
        ORDER BY r.deleted_at, r.id
        LIMIT ${limit}`,
  );
  return rows.map((row) => row.id);
}

export async function destroyResumes(executor: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await destroyResumeRows(executor, sql`id = ANY(${idList(ids)})`);
  return rows.map((row) => row.id);
}

function destroyAppUserFields(executor: Executor, where: SQL) {
  return queryRows<{ id: number }>(
    executor,
    sql`UPDATE app_users SET name = ${DESTROYED_LABEL}, email = '', phone = '', login_id = 'destroyed-' || id,
          status_reason = NULL, destroyed_at = now(), updated_at = now(), version = version + 1
        WHERE ${where} AND destroyed_at IS NULL
        RETURNING id`,
  );
}

export async function destroyAppUsers(executor: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await destroyAppUserRows(executor, sql`id = ANY(${idList(ids)})`);
  return rows.map((row) => row.id);
}

/**
 * App accounts destroyed, with what they leave elsewhere: saved views of the members' list that name them, undo
 * captures of their rows (docs/privacy-lifecycle.md#the-inventory).
 */
async function destroyAppUserRows(executor: Executor, where: SQL) {
  const people = await queryRows<{ id: number; terms: string[] }>(
    executor,
    sql`SELECT id, ARRAY[name, login_id, email, phone]::text[] AS terms FROM app_users
        WHERE ${where} AND destroyed_at IS NULL`,
  );
  if (people.length === 0) return [];
  const found = people.map((p) => p.id);
  await deleteSavedViewsNaming(
    executor,
    ['user', 'app_user_id'],
    found,
    people.flatMap((p) => p.terms.filter(Boolean)),
  );
  const rows = await destroyAppUserFields(executor, sql`id = ANY(${idList(found)})`);
  await deleteUndoCaptures(
    executor,
    'app_user',
    rows.map((r) => r.id),
  );
  return rows;
}

export type DestructionValues = Omit<typeof destructions.$inferInsert, 'id' | 'destroyedAt'>;

export async function insertDestruction(executor: Executor, values: DestructionValues): Promise<number> {
  const [row] = await executor.insert(destructions).values(values).returning({ id: destructions.id });
  return row!.id;
}

export type DestructionRow = typeof destructions.$inferSelect & { approvedByName: string | null };

function registerWhere(query: Omit<DestructionListQuery, 'page' | 'pageSize'>): SQL | undefined {
  return and(
    query.kind ? eq(destructions.kind, query.kind) : undefined,
    query.from ? sql`${seoulDay(sql`${destructions.destroyedAt}`)} >= ${query.from}::date` : undefined,
    query.to ? sql`${seoulDay(sql`${destructions.destroyedAt}`)} <= ${query.to}::date` : undefined,
  );
}

/** The register, newest first; `window` null for the whole filtered register (its export). */
export async function listDestructions(
  executor: Executor,
  query: Omit<DestructionListQuery, 'page' | 'pageSize'>,
  window: { limit: number; offset: number } | null,
): Promise<{ rows: DestructionRow[]; total: number }> {
  const where = registerWhere(query);
  const select = executor
    .select({ ...getTableColumns(destructions), approvedByName: admins.name })
    .from(destructions)
    .leftJoin(admins, eq(admins.id, destructions.approvedByAdminId))
    .where(where)
    .orderBy(desc(destructions.destroyedAt), desc(destructions.id));
  const rows = window ? await select.limit(window.limit).offset(window.offset) : await select;
  const [count] = await executor
    .select({ total: sql<number>`count(*)::int` })
    .from(destructions)
    .where(where);
  return { rows, total: count!.total };
}

/** Deletes a prefix of the access log through its last id, behind a cut of the chain. */
export async function destroyAuditLogs(executor: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const deleted = await cutAuditChain(executor, ids[ids.length - 1]!);
  return deleted === ids.length ? [...ids] : ids.slice(0, deleted);
}

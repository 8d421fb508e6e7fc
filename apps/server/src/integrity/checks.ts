import { MATCHING_OPEN_STATUSES, VISA_RULES, type VisaType } from '@ilson/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';

/**
 * docs/DOMAIN.md's invariants as SQL over the whole database (docs/domain-integrity.md). Each check answers the
 * records that break it; none should. `npm run check:data` runs them on a live database, and the
 * model-based test runs them after every step of its random API sequences (limited to its own branches).
 */

export type Violation = { targetType: string; targetId: number; detail: string };
export type CheckResult = { code: string; title: string; violations: Violation[] };

/** Limits a check to the records of some branches (the model-based test's own). */
export type CheckScope = { branchIds?: readonly number[] };

type Check = { code: string; title: string; query: (scope: CheckScope) => SQL };

const TODAY = sql`(now() AT TIME ZONE 'Asia/Seoul')::date`;
const HELD = sql`('accepted', 'contracted', 'working')`;
const OPEN = sql.raw(`(${MATCHING_OPEN_STATUSES.map((s) => `'${s}'`).join(', ')})`);

const inBranches = (column: SQL, scope: CheckScope) =>
  scope.branchIds
    ? sql`${column} = ANY(${sql.raw(`ARRAY[${scope.branchIds.map(Number).join(',') || 'NULL'}]::int[]`)})`
    : sql`TRUE`;

/** VISA_RULES as a table: the rules the engine applies, in the form SQL can join. */
function visaRulesTable(): SQL {
  const rows = (Object.entries(VISA_RULES) as [VisaType, (typeof VISA_RULES)[VisaType]][]).map(
    ([visa, rule]) => {
      const industries = rule.industries === 'all' ? [] : rule.industries;
      return sql`(${visa}::text, ${sql.raw(`ARRAY[${industries.map((i) => `'${i}'`).join(',')}]::text[]`)}, ${rule.industries === 'all'}::boolean, ${rule.simpleLabourAllowed}::boolean, ${rule.partTimeOnly}::boolean, ${Boolean(rule.noEmployment)}::boolean)`;
    },
  );
  return sql`(VALUES ${sql.join(rows, sql`, `)}) AS r(visa, industries, any_industry, simple_ok, part_time_only, no_employment)`;
}

const heldMatchings = (scope: CheckScope, condition: SQL, detail: SQL) => sql`
  SELECT 'matching' AS target_type, m.id AS target_id, ${detail} AS detail
  FROM matchings m
  JOIN workers w ON w.id = m.worker_id
  JOIN job_posts p ON p.id = m.job_post_id
  WHERE m.status IN ${HELD} AND ${inBranches(sql`m.branch_id`, scope)} AND (${condition})
  ORDER BY m.id`;

export const CHECKS: readonly Check[] = [
  {
    code: 'worker_engaged_twice',
    title: '한 근로자가 두 곳 이상과 계약 완료·근무 중',
    query: (scope) => sql`
      SELECT 'worker' AS target_type, worker_id AS target_id,
             'matchings ' || string_agg(id::text, ', ' ORDER BY id) AS detail
      FROM matchings
      WHERE status IN ('contracted', 'working') AND ${inBranches(sql`branch_id`, scope)}
      GROUP BY worker_id HAVING count(*) > 1`,
  },
  {
    code: 'held_visa_invalid',
    title: '합격·계약·근무 중인 매칭의 체류자격이 취소 또는 만료',
    query: (scope) =>
      heldMatchings(
        scope,
        sql`w.visa_status IN ('cancelled', 'expired') OR (w.visa_status = 'valid' AND w.visa_expiry_date < ${TODAY})`,
        sql`w.visa_status || ' ' || coalesce(w.visa_expiry_date::text, '')`,
      ),
  },
  {
    code: 'held_worker_departed',
    title: '합격·계약·근무 중인 매칭의 근로자가 출국 처리됨',
    query: (scope) => heldMatchings(scope, sql`w.status = 'departed'`, sql`'worker ' || w.id`),
  },
  {
    code: 'held_visa_not_allowed',
    title: '채용공고가 허용하지 않는 체류자격으로 합격·계약·근무 중',
    query: (scope) =>
      heldMatchings(
        scope,
        sql`NOT (w.visa_type = ANY(p.allowed_visa_types))`,
        sql`w.visa_type || ' not in ' || array_to_string(p.allowed_visa_types, ',')`,
      ),
  },
  {
    code: 'held_visa_not_permitted',
    title: '체류자격이 허용하지 않는 업종·업무로 합격·계약·근무 중',
    query: (scope) =>
      heldMatchings(
        scope,
        sql`EXISTS (SELECT 1 FROM ${visaRulesTable()} WHERE r.visa = w.visa_type AND (
              r.no_employment
              OR (NOT r.any_industry AND NOT (p.industry = ANY(r.industries)))
              OR (p.is_simple_labour AND NOT r.simple_ok)
              OR (r.part_time_only AND p.employment_type <> 'part_time')))`,
        sql`w.visa_type || ' / ' || p.industry || ' / ' || p.employment_type`,
      ),
  },
  {
    code: 'held_visa_before_start',
    title: '체류 만료일이 근무 시작일보다 앞선 매칭',
    query: (scope) =>
      heldMatchings(
        scope,
        sql`w.visa_expiry_date < m.start_date`,
        sql`w.visa_expiry_date::text || ' < ' || m.start_date::text`,
      ),
  },
  {
    code: 'matching_dates',
    title: '상태에 맞지 않는 매칭 날짜 (계약·근무 시작일, 종료일)',
    query: (scope) => sql`
      SELECT 'matching' AS target_type, id AS target_id,
             status || ' ' || coalesce(start_date::text, '-') || ' ~ ' || coalesce(end_date::text, '-') AS detail
      FROM matchings
      WHERE ${inBranches(sql`branch_id`, scope)} AND (
        (status IN ('contracted', 'working', 'completed', 'terminated') AND start_date IS NULL)
        OR (status = 'working' AND start_date > ${TODAY})
        OR (status IN ('completed', 'terminated') AND end_date IS NULL)
        OR (status = 'completed' AND end_date > ${TODAY})
        OR end_date < start_date)
      ORDER BY id`,
  },
  {
    code: 'interview_skipped_silently',
    title: '사유 없이 면접을 생략한 매칭',
    query: (scope) => sql`
      SELECT 'matching' AS target_type, h.matching_id AS target_id, 'history ' || h.id AS detail
      FROM matching_status_history h JOIN matchings m ON m.id = h.matching_id
      WHERE h.from_status = 'proposed' AND h.to_status = 'accepted' AND coalesce(trim(h.reason), '') = ''
        AND ${inBranches(sql`m.branch_id`, scope)}
      ORDER BY h.id`,
  },
  {
    code: 'post_open_employer_not_approved',
    title: '승인되지 않은 사업주의 채용공고가 게시 중',
    query: (scope) => sql`
      SELECT 'job_post' AS target_type, p.id AS target_id, 'employer ' || e.id || ' ' || e.status AS detail
      FROM job_posts p JOIN employers e ON e.id = p.employer_id
      WHERE p.status = 'active' AND (p.deadline IS NULL OR p.deadline >= ${TODAY})
        AND p.deleted_at IS NULL AND e.status <> 'approved' AND ${inBranches(sql`p.branch_id`, scope)}
      ORDER BY p.id`,
  },
  {
    code: 'post_visas_not_permitted',
    title: '업종이 허용하지 않는 체류자격을 허용한 채용공고',
    query: (scope) => sql`
      SELECT 'job_post' AS target_type, p.id AS target_id,
             p.industry || ': ' || array_to_string(p.allowed_visa_types, ',') AS detail
      FROM job_posts p
      WHERE p.deleted_at IS NULL AND ${inBranches(sql`p.branch_id`, scope)}
        AND EXISTS (SELECT 1 FROM unnest(p.allowed_visa_types) AS v(visa) JOIN ${visaRulesTable()} ON r.visa = v.visa
                    WHERE r.no_employment OR (NOT r.any_industry AND NOT (p.industry = ANY(r.industries))))
      ORDER BY p.id`,
  },
  {
    code: 'live_matching_on_deleted_record',
    title: '삭제된 근로자·채용공고·사업주·이력서에 진행 중인 매칭',
    query: (scope) => sql`
      SELECT 'matching' AS target_type, m.id AS target_id,
             concat_ws(' ', CASE WHEN w.deleted_at IS NOT NULL THEN 'worker' END,
                            CASE WHEN p.deleted_at IS NOT NULL THEN 'job_post' END,
                            CASE WHEN e.deleted_at IS NOT NULL THEN 'employer' END,
                            CASE WHEN r.deleted_at IS NOT NULL THEN 'resume' END) AS detail
      FROM matchings m
      JOIN workers w ON w.id = m.worker_id
      JOIN job_posts p ON p.id = m.job_post_id
      JOIN employers e ON e.id = m.employer_id
      LEFT JOIN resumes r ON r.id = m.resume_id
      WHERE m.status IN ${OPEN} AND ${inBranches(sql`m.branch_id`, scope)}
        AND (w.deleted_at IS NOT NULL OR p.deleted_at IS NOT NULL OR e.deleted_at IS NOT NULL OR r.deleted_at IS NOT NULL)
      ORDER BY m.id`,
  },
  {
    code: 'duplicate_matching_fee',
    title: '한 매칭에 매칭 수수료 정산이 둘 이상 (취소 제외)',
    query: (scope) => sql`
      SELECT 'matching' AS target_type, pay.matching_id AS target_id,
             'payouts ' || string_agg(pay.id::text, ', ' ORDER BY pay.id) AS detail
      FROM payouts pay JOIN employers e ON e.id = pay.employer_id
      WHERE pay.type = 'matching_fee' AND pay.status <> 'cancelled' AND pay.matching_id IS NOT NULL
        AND ${inBranches(sql`e.branch_id`, scope)}
      GROUP BY pay.matching_id HAVING count(*) > 1`,
  },
  {
    code: 'filled_count_drift',
    title: '채용공고의 충원 인원이 계약·근무 중 매칭 수와 다름',
    query: (scope) => sql`
      SELECT 'job_post' AS target_type, p.id AS target_id,
             p.filled_count || ' ≠ ' || count(m.id) AS detail
      FROM job_posts p
      LEFT JOIN matchings m ON m.job_post_id = p.id AND m.status IN ('contracted', 'working')
      WHERE ${inBranches(sql`p.branch_id`, scope)}
      GROUP BY p.id HAVING p.filled_count <> count(m.id)
      ORDER BY p.id`,
  },
];

/** Runs every check (or the named ones) in one statement and answers each with its violations. */
export async function runChecks(
  db: Database,
  scope: CheckScope = {},
  codes?: readonly string[],
): Promise<CheckResult[]> {
  const chosen = CHECKS.filter((check) => !codes || codes.includes(check.code));
  const union = sql.join(
    chosen.map(
      (check) =>
        sql`SELECT ${check.code}::text AS code, q.target_type::text, q.target_id::int, q.detail::text FROM (${check.query(scope)}) q`,
    ),
    sql` UNION ALL `,
  );
  const rows = await queryRows<{
    code: string;
    target_type: string;
    target_id: number;
    detail: string | null;
  }>(db, union);
  return chosen.map((check) => ({
    code: check.code,
    title: check.title,
    violations: rows
      .filter((row) => row.code === check.code)
      .map((row) => ({
        targetType: row.target_type,
        targetId: Number(row.target_id),
        detail: row.detail ?? '',
      })),
  }));
}

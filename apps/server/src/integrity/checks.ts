import {
  ARC_GENDER_DIGITS,
  DUTIES_BY_INDUSTRY,
  EMPLOYMENT_PERIOD_ROWS,
  expiringVisaTypes,
  INDUSTRIES,
  MATCHING_OPEN_STATUSES,
  ONE_EMPLOYER_ROWS,
  ONE_EMPLOYER_VISAS,
  PERMIT_RULE_ROWS,
  type PilotSector,
  PLACEMENT_FEE_CAP_ROWS,
  PUBLIC_PLACEMENT_ROWS,
  QUOTA_ROWS,
  type QuotaTableSector,
  type QuotaTableVersion,
  rowsInForce,
  seoulDay,
  VISA_RULES,
  VISA_TYPES,
  type VisaType,
  visaPermitsIndustry,
  WORKPLACE_CHANGE_ROWS,
} from '@ilson/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import { hourlySql } from '../modules/matchings/matchings.wage-sql';
import { createSettingsService } from '../modules/settings/settings.service';

/**
 * docs/DOMAIN.md's invariants as SQL over the whole database (docs/domain-integrity.md#npm-run-checkdata): one check
 * per invariant, each naming the invariant it verifies (`I-n`, listed there beside its check). Each answers the
 * records that break it; none should. `npm run check:data` runs them on a live database, and the model-based test
 * runs them after every step of its random API sequences (limited to its own branches).
 */

export type Violation = { targetType: string; targetId: number; detail: string };
export type CheckResult = { code: string; invariant: string; title: string; violations: Violation[] };

/** Limits a check to the records of some branches (the model-based test's own). */
export type CheckScope = { branchIds?: readonly number[] };

/** What a check's SQL may read besides the tables: the settings it compares with. */
type CheckInputs = {
  scope: CheckScope;
  minimumWageByYear: Record<string, number>;
  quotaTables: readonly QuotaTableVersion[];
  /** The `pilotSectors` setting (docs/law-as-data.md#operator-kept-rows). */
  pilotSectors: readonly PilotSector[];
};

type Check = { code: string; invariant: string; title: string; query: (inputs: CheckInputs) => SQL };

const TODAY = sql`(now() AT TIME ZONE 'Asia/Seoul')::date`;
const HELD = sql`('accepted', 'contracted', 'working')`;
const ENGAGED = sql`('contracted', 'working')`;
const ONE_EMPLOYER_TODAY = () =>
  sql.raw(
    `(${[...new Set(rowsInForce(ONE_EMPLOYER_ROWS, seoulDay()).map((r) => `'${r.visa}'`))].join(', ')})`,
  );
const OPEN = sql.raw(`(${MATCHING_OPEN_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/** The visas of the one-job index (migration 0042): what it covers, as the matching took the visa. */
const ONE_JOB_VISAS = sql.raw(`(${ONE_EMPLOYER_VISAS.map((v) => `'${v}'`).join(', ')})`);

/** A law table's rows as SQL `VALUES`, each with the days it is in force (`from` null: since always). */
function lawRowsTable<T extends { basis: { effectiveFrom: string | null; effectiveTo?: string | null } }>(
  rows: readonly T[],
  alias: string,
  columns: string[],
  values: (row: T) => SQL[],
): SQL {
  const list = rows.map(
    (row) =>
      sql`(${sql.join(values(row), sql`, `)}, ${row.basis.effectiveFrom}::date, ${row.basis.effectiveTo ?? null}::date)`,
  );
  return sql`(VALUES ${sql.join(list, sql`, `)}) AS ${sql.raw(alias)}(${sql.raw([...columns, 'valid_from', 'valid_to'].join(', '))})`;
}
const inForceOnDay = (alias: string, day: SQL) =>
  sql`(${sql.raw(alias)}.valid_from IS NULL OR ${day} >= ${sql.raw(alias)}.valid_from)
      AND (${sql.raw(alias)}.valid_to IS NULL OR ${day} < ${sql.raw(alias)}.valid_to)`;

/**
 * A pay as a month's wage, as packages/contracts/src/fees.ts `monthlyPayEquivalent` computes it (no 제56조 premium):
 * monthly as is, annual a twelfth, hourly and daily by their hourly equivalent × the month's paid hours with 주휴
 * (rounded half up). Reads `pay(type, amount)` and the post `p`.
 */
const MONTHLY_PAY = sql`(
  SELECT CASE pay.type
           WHEN 'monthly' THEN floor(pay.amount)
           WHEN 'annual' THEN floor(pay.amount / 12)
           WHEN 'hourly' THEN floor(pay.amount * hr.monthly)
           WHEN 'daily' THEN CASE WHEN dy.daily > 0 THEN floor(pay.amount / dy.daily * hr.monthly) END
         END
  FROM LATERAL (SELECT (split_part(p.work_end_time, ':', 1)::int * 60 + split_part(p.work_end_time, ':', 2)::int)
                     - (split_part(p.work_start_time, ':', 1)::int * 60 + split_part(p.work_start_time, ':', 2)::int)
                       AS minutes) span,
       LATERAL (SELECT greatest(0, CASE WHEN span.minutes <= 0 THEN span.minutes + 1440 ELSE span.minutes END
                                   - p.break_minutes)::float8 / 60 AS daily) dy,
       LATERAL (SELECT dy.daily * cardinality(p.work_days) AS weekly) wk,
       LATERAL (SELECT floor(((wk.weekly + CASE WHEN wk.weekly >= 15 THEN least(8, (wk.weekly / 40) * 8) ELSE 0 END)
                              * 365) / 7 / 12 + 0.5) AS monthly) hr)`;

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

/** ARC_GENDER_DIGITS in force today as a table: the 7th digit of a 외국인등록번호, its gender and century. */
function arcDigitsTable(): SQL {
  const rows = rowsInForce(ARC_GENDER_DIGITS, seoulDay()).map(
    (row) => sql`(${String(row.digit)}::text, ${row.gender}::text, ${row.century}::int)`,
  );
  return sql`(VALUES ${sql.join(rows, sql`, `)}) AS d(digit, gender, century)`;
}

/**
 * The visa sector rows in force today (law/visas.ts, the pilots from the `pilotSectors` setting) as (visa, industry,
 * duty) triples a post may allow, in the form SQL can join: a post naming a duty its allowed visas are not
 * permitted in breaks them.
 */
function permittedDutiesTable(today: string, pilots: readonly PilotSector[]): SQL {
  const rows: SQL[] = [];
  for (const visa of VISA_TYPES) {
    for (const industry of INDUSTRIES) {
      for (const duty of DUTIES_BY_INDUSTRY[industry]) {
        if (visaPermitsIndustry(visa, industry, duty, today, pilots))
          rows.push(sql`(${visa}::text, ${industry}::text, ${duty}::text)`);
      }
    }
  }
  return sql`(VALUES ${sql.join(rows, sql`, `)}) AS pd(visa, industry, duty)`;
}

/**
 * The worker's 취업활동 기간 end as SQL, from the rows of law/employment.ts (docs/law-as-data.md#employment-period):
 * three years from entry less a day; a later stored end (재고용 recorded) counts, capped at 1년 10개월 more.
 */
function employmentPeriodEnd(): { end: SQL; applies: SQL } {
  const period = EMPLOYMENT_PERIOD_ROWS.find((row) => row.rule === 'period')!;
  const extension = EMPLOYMENT_PERIOD_ROWS.find((row) => row.rule === 'reemployment')!;
  const visas = sql.raw(`(${period.visas.map((v) => `'${v}'`).join(', ')})`);
  const months = (n: number) => sql.raw(`interval '${Number(n)} months'`);
  const base = sql`(w.entry_date + ${months(period.months!)} - interval '1 day')::date`;
  const cap = sql`(w.entry_date + ${months(period.months! + extension.months!)} - interval '1 day')::date`;
  const from = period.basis.effectiveFrom ?? '0001-01-01';
  return {
    end: sql`(CASE WHEN w.employment_period_end_date > ${base} THEN LEAST(w.employment_period_end_date, ${cap}) ELSE ${base} END)`,
    applies: sql`w.visa_type IN ${visas} AND w.entry_date IS NOT NULL AND coalesce(m.start_date, ${TODAY}) >= ${from}::date`,
  };
}

/**
 * The 사업장 변경 a held matching is counted against, as SQL, from the rows of law/workplace-change.ts
 * (docs/law-as-data.md#workplace-changes), as `workplaceChangesLeft` counts them on the matching's start (today
 * without one): approved changes, the employer-caused ones left out, in the part of the period the day falls in —
 * the first three years (limit 3) or 재고용 after them (limit 2).
 */
function workplaceChangeCount(): { used: SQL; limit: SQL; applies: SQL } {
  const period = EMPLOYMENT_PERIOD_ROWS.find((row) => row.rule === 'period')!;
  const initial = WORKPLACE_CHANGE_ROWS.find((row) => row.rule === 'limit_initial')!;
  const again = WORKPLACE_CHANGE_ROWS.find((row) => row.rule === 'limit_reemployment')!;
  const visas = sql.raw(`(${initial.visas.map((v) => `'${v}'`).join(', ')})`);
  const on = sql`coalesce(m.start_date, ${TODAY})`;
  const base = sql`(w.entry_date + ${sql.raw(`interval '${Number(period.months)} months'`)} - interval '1 day')::date`;
  const later = sql`${on} > ${base}`;
  const counted = (row: typeof initial) =>
    row.excludesEmployerCaused ? sql`c.cause <> 'employer_caused'` : sql`TRUE`;
  const from = [period, initial, again]
    .map((row) => row.basis.effectiveFrom ?? '0001-01-01')
    .sort()
    .at(-1)!;
  return {
    used: sql`(SELECT count(*)::int FROM worker_workplace_changes c
      WHERE c.worker_id = w.id AND c.deleted_at IS NULL AND c.approved AND c.request_date > w.entry_date
        AND CASE WHEN ${later} THEN c.request_date > ${base} AND ${counted(again)}
                 ELSE c.request_date <= ${base} AND ${counted(initial)} END)`,
    limit: sql`(CASE WHEN ${later} THEN ${sql.raw(String(Number(again.count)))} ELSE ${sql.raw(String(Number(initial.count)))} END)`,
    applies: sql`w.visa_type IN ${visas} AND w.entry_date IS NOT NULL AND ${on} >= ${from}::date`,
  };
}

const heldMatchings = ({ scope }: CheckInputs, condition: SQL, detail: SQL) => sql`
  SELECT 'matching' AS target_type, m.id AS target_id, ${detail} AS detail
  FROM matchings m
  JOIN workers w ON w.id = m.worker_id
  JOIN job_posts p ON p.id = m.job_post_id
  WHERE m.status IN ${HELD} AND ${inBranches(sql`m.branch_id`, scope)} AND (${condition})
  ORDER BY m.id`;

/**
 * The 고용허용인원 bands of every version of the `employerQuotaTables` setting (law/quota.ts) as a table: per
 * industry counted by insured employees, from `from_date`, up to `max_insured` (null: any more) employees, `lim`
 * foreign workers of the 고용허가제 (E-9 and H-2 together). A contract is measured by the version in force on its
 * start, as the rule engine measures it (docs/law-as-data.md#operator-kept-rows).
 */
function quotaBandsTable(tables: readonly QuotaTableVersion[]): SQL {
  const rows = rowsInForce(QUOTA_ROWS, seoulDay()).flatMap((row) =>
    row.measure === 'insured' && row.bands
      ? tables.flatMap((version) =>
          row.industries.flatMap((industry) =>
            version.bands[row.sector as QuotaTableSector].map(
              (band) =>
                sql`(${industry}::text, ${version.effectiveFrom}::date, ${band.maxInsured}::int, ${band.limit}::int)`,
            ),
          ),
        )
      : [],
  );
  return sql`(VALUES ${sql.join(rows, sql`, `)}) AS q(industry, from_date, max_insured, lim)`;
}

/** PERMIT_RULE_ROWS as a table: the visa, the permit type it needs and the first day it does. */
function permitRulesTable(): SQL {
  const rows = PERMIT_RULE_ROWS.map(
    (row) => sql`(${row.visa}::text, ${row.permit}::text, ${row.basis.effectiveFrom ?? '0001-01-01'}::date)`,
  );
  return sql`(VALUES ${sql.join(rows, sql`, `)}) AS pr(visa, permit, from_date)`;
}

/** The last day a contracted or working matching runs: its end, else start + the post's months, else open. */
const heldUntil = (m: string, p: string) =>
  sql.raw(
    `coalesce(${m}.end_date, (${m}.start_date + make_interval(months => ${p}.contract_months) - interval '1 day')::date, 'infinity'::date)`,
  );

/**
 * The people behind the live worker records (docs/domain-integrity.md#one-person-several-records): records are one
 * person when they share the keyed hash of a 외국인등록번호 or of a 여권번호, or the same name, birth date and
 * nationality while no identifier of one kind differs between them. Only records that share a key with another
 * (none, in data that keeps the rules) are walked: each with the smallest id of its person.
 */
const PERSON_OF = sql`
  WITH RECURSIVE shared (id, k) AS MATERIALIZED (
    SELECT unnest(array_agg(id)), 'A' || alien_reg_no_hash
    FROM workers WHERE deleted_at IS NULL AND alien_reg_no_hash IS NOT NULL
    GROUP BY alien_reg_no_hash HAVING count(*) > 1
    UNION ALL
    SELECT unnest(array_agg(id)), 'P' || passport_no_hash
    FROM workers WHERE deleted_at IS NULL AND passport_no_hash IS NOT NULL
    GROUP BY passport_no_hash HAVING count(*) > 1
    UNION ALL
    SELECT unnest(array_agg(id)),
           'N' || concat_ws('|', upper(btrim(last_name)), upper(btrim(first_name)), date_of_birth, nationality)
    FROM workers WHERE deleted_at IS NULL AND destroyed_at IS NULL AND btrim(first_name || last_name) <> ''
    GROUP BY upper(btrim(last_name)), upper(btrim(first_name)), date_of_birth, nationality HAVING count(*) > 1
  ),
  edge (a, b) AS MATERIALIZED (
    SELECT x.id, y.id FROM shared x JOIN shared y ON y.k = x.k AND y.id <> x.id
    JOIN workers wx ON wx.id = x.id JOIN workers wy ON wy.id = y.id
    WHERE left(x.k, 1) <> 'N' OR (coalesce(wx.alien_reg_no_hash = wy.alien_reg_no_hash, TRUE)
                                  AND coalesce(wx.passport_no_hash = wy.passport_no_hash, TRUE))
  ),
  reach (root, id) AS (
    SELECT DISTINCT a, a FROM edge
    UNION SELECT r.root, e.b FROM reach r JOIN edge e ON e.a = r.id
  )
  SELECT root AS worker_id, min(id) AS person FROM reach GROUP BY root`;

/** The `minimumWageByYear` setting as a table, and the wage of a year: that year's only, never an earlier one's. */
function minimumWageOf(year: SQL, byYear: Record<string, number>): SQL {
  const rows = Object.entries(byYear).map(([y, wage]) => sql`(${Number(y)}::int, ${wage}::float8)`);
  const table =
    rows.length > 0
      ? sql`(VALUES ${sql.join(rows, sql`, `)}) AS mw(year, wage)`
      : sql`(SELECT NULL::int AS year, NULL::float8 AS wage WHERE FALSE) AS mw`;
  return sql`(SELECT mw.wage FROM ${table} WHERE mw.year = ${year})`;
}

export const CHECKS: readonly Check[] = [
  {
    code: 'worker_engaged_twice',
    invariant: 'I-1',
    title: '한 사업장 체류자격(매칭 당시)의 근로자가 두 곳 이상과 계약 완료·근무 중',
    query: ({ scope }) => sql`
      SELECT 'worker' AS target_type, worker_id AS target_id,
             'matchings ' || string_agg(id::text, ', ' ORDER BY id) AS detail
      FROM matchings
      WHERE status IN ${ENGAGED} AND worker_visa_type IN ${ONE_JOB_VISAS} AND ${inBranches(sql`branch_id`, scope)}
      GROUP BY worker_id HAVING count(*) > 1`,
  },
  {
    code: 'person_engaged_twice',
    invariant: 'I-2',
    title: '같은 사람의 두 근로자 기록이 각각 계약 완료·근무 중(한 사업장 체류자격)',
    // As I-1 (docs/DOMAIN.md#invariants): only a matching made under a one-employer visa binds; an F-5 holder may hold two jobs on two records as
    // on one (docs/domain-integrity.md#one-person-several-records).
    query: ({ scope }) => sql`
      SELECT 'worker' AS target_type, min(m.worker_id) AS target_id,
             'workers ' || string_agg(DISTINCT m.worker_id::text, ', ') || ': matchings ' || string_agg(m.id::text, ', ' ORDER BY m.id) AS detail
      FROM matchings m JOIN (${PERSON_OF}) person ON person.worker_id = m.worker_id
      WHERE m.status IN ${ENGAGED} AND ${inBranches(sql`m.branch_id`, scope)}
      GROUP BY person.person
      HAVING count(DISTINCT m.worker_id) > 1 AND bool_or(m.worker_visa_type IN ${ONE_JOB_VISAS})`,
  },
  {
    code: 'worker_identifier_taken',
    invariant: 'I-3',
    title: '외국인등록번호 또는 여권번호가 같은 근로자 기록이 둘 이상',
    // Grouped by each hash alone, in its index's order, then the few held twice listed.
    query: ({ scope }) => sql`
      SELECT 'worker' AS target_type, ids[1] AS target_id,
             kind || ' workers ' || array_to_string(ids, ', ') AS detail
      FROM (SELECT 'alien_reg_no' AS kind, array_agg(id ORDER BY id) AS ids FROM workers
              WHERE deleted_at IS NULL AND alien_reg_no_hash IS NOT NULL AND ${inBranches(sql`branch_id`, scope)}
              GROUP BY alien_reg_no_hash HAVING count(*) > 1
            UNION ALL
            SELECT 'passport_no', array_agg(id ORDER BY id) FROM workers
              WHERE deleted_at IS NULL AND passport_no_hash IS NOT NULL AND ${inBranches(sql`branch_id`, scope)}
              GROUP BY passport_no_hash HAVING count(*) > 1) taken`,
  },
  {
    code: 'held_visa_invalid',
    invariant: 'I-4',
    title: '합격·계약·근무 중인 매칭의 체류자격이 취소 또는 만료',
    query: (inputs) =>
      heldMatchings(
        inputs,
        sql`w.visa_status IN ('cancelled', 'expired') OR (w.visa_status = 'valid' AND w.visa_expiry_date < ${TODAY})`,
        sql`w.visa_status || ' ' || coalesce(w.visa_expiry_date::text, '')`,
      ),
  },
  {
    code: 'held_worker_departed',
    invariant: 'I-5',
    title: '합격·계약·근무 중인 매칭의 근로자가 출국 처리됨',
    query: (inputs) => heldMatchings(inputs, sql`w.status = 'departed'`, sql`'worker ' || w.id`),
  },
  {
    code: 'held_visa_not_allowed',
    invariant: 'I-6',
    title: '채용공고가 허용하지 않는 체류자격으로 합격·계약·근무 중',
    query: (inputs) =>
      heldMatchings(
        inputs,
        sql`NOT (w.visa_type = ANY(p.allowed_visa_types))`,
        sql`w.visa_type || ' not in ' || array_to_string(p.allowed_visa_types, ',')`,
      ),
  },
  {
    code: 'held_visa_not_permitted',
    invariant: 'I-7',
    title: '체류자격이 허용하지 않는 업종·업무로 합격·계약·근무 중',
    query: (inputs) =>
      heldMatchings(
        inputs,
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
    invariant: 'I-8',
    title: '체류 만료일이 근무 시작일보다 앞선 매칭',
    query: (inputs) =>
      heldMatchings(
        inputs,
        sql`w.visa_expiry_date < m.start_date`,
        sql`w.visa_expiry_date::text || ' < ' || m.start_date::text`,
      ),
  },
  {
    code: 'held_employment_period',
    invariant: 'I-28',
    title: '취업활동 기간이 끝난 뒤 시작하거나 그 기간을 넘는 계약',
    query: (inputs) => {
      const { end, applies } = employmentPeriodEnd();
      const contractEnd = sql`(m.start_date + make_interval(months => p.contract_months) - interval '1 day')::date`;
      return heldMatchings(
        inputs,
        sql`${applies} AND (coalesce(m.start_date, ${TODAY}) > ${end}
          OR (m.start_date IS NOT NULL AND p.contract_months > 0 AND ${contractEnd} > ${end}))`,
        sql`'period end ' || ${end}::text || ', start ' || coalesce(m.start_date::text, '-') || ', ' || coalesce(p.contract_months::text, '-') || ' months'`,
      );
    },
  },
  {
    code: 'held_workplace_changes',
    invariant: 'I-29',
    title: '사업장 변경 허용 횟수를 넘긴 E-9·H-2 근로자의 합격·계약·근무 중 매칭',
    query: (inputs) => {
      const { used, limit, applies } = workplaceChangeCount();
      return heldMatchings(
        inputs,
        sql`${applies} AND ${used} > ${limit}`,
        sql`'changes ' || ${used}::text || ' > ' || ${limit}::text`,
      );
    },
  },
  {
    code: 'held_over_permit_or_quota',
    invariant: 'I-30',
    title:
      '고용허가서·특례고용가능확인서 없이, 또는 허가 인원·고용허용인원을 넘겨 계약·근무 중인 E-9·H-2 매칭',
    // Counted on each contract's start: the number working at once only grows on a start, so a day over the limit
    // is some contract's start (docs/law-as-data.md#employer-permits-and-quota).
    query: ({ scope, quotaTables }) => sql`
      WITH eps AS MATERIALIZED (
        SELECT m.id, m.employer_id, m.branch_id, m.start_date, w.visa_type AS visa, pr.permit,
               ${heldUntil('m', 'p')} AS until
        FROM matchings m
        JOIN workers w ON w.id = m.worker_id
        JOIN job_posts p ON p.id = m.job_post_id
        JOIN ${permitRulesTable()} ON pr.visa = w.visa_type
        WHERE m.status IN ${ENGAGED} AND m.start_date IS NOT NULL AND m.start_date >= pr.from_date
      ),
      counted AS (
        SELECT x.id, x.branch_id, x.start_date, x.visa,
               (SELECT count(*) FROM employer_permits ep
                 WHERE ep.employer_id = x.employer_id AND ep.type = x.permit
                   AND x.start_date BETWEEN ep.valid_from AND ep.valid_to) AS permits,
               (SELECT coalesce(sum(ep.headcount), 0) FROM employer_permits ep
                 WHERE ep.employer_id = x.employer_id AND ep.type = x.permit
                   AND x.start_date BETWEEN ep.valid_from AND ep.valid_to) AS places,
               (SELECT count(*) FROM eps o WHERE o.employer_id = x.employer_id AND o.visa = x.visa
                   AND o.start_date <= x.start_date AND o.until >= x.start_date) AS same_visa,
               (SELECT count(*) FROM eps o WHERE o.employer_id = x.employer_id
                   AND o.start_date <= x.start_date AND o.until >= x.start_date) AS all_eps,
               (SELECT q.lim FROM employers e JOIN ${quotaBandsTable(quotaTables)} ON q.industry = e.industry
                 WHERE e.id = x.employer_id AND q.from_date <= x.start_date
                   AND (q.max_insured IS NULL OR e.employee_count <= q.max_insured)
                 ORDER BY q.from_date DESC, q.max_insured NULLS LAST LIMIT 1) AS quota
        FROM eps x
      )
      SELECT 'matching' AS target_type, id AS target_id,
             CASE WHEN permits = 0 THEN 'no ' || visa || ' permit on ' || start_date::text
                  WHEN same_visa > places THEN visa || ' ' || same_visa || ' > permitted ' || places || ' on ' || start_date::text
                  ELSE 'E-9/H-2 ' || all_eps || ' > quota ' || quota || ' on ' || start_date::text END AS detail
      FROM counted
      WHERE ${inBranches(sql`branch_id`, scope)}
        AND (permits = 0 OR same_visa > places OR (quota IS NOT NULL AND all_eps > quota))
      ORDER BY id`,
  },
  {
    code: 'held_below_minimum_wage',
    invariant: 'I-9',
    title:
      '합격·계약·근무 중인 매칭의 환산 시급이 그해 최저임금(연장근로 가산 포함)보다 낮거나, 그해 최저임금 미설정',
    // An accepted matching may wait for the year's rate; a contracted or working one with agreed pay may not, as the
    // contract step refuses it (docs/law-as-data.md#wages).
    query: (inputs) => {
      const year = sql`extract(year FROM coalesce(m.start_date, ${TODAY}))::int`;
      const minimum = minimumWageOf(year, inputs.minimumWageByYear);
      const hourly = hourlySql();
      return heldMatchings(
        inputs,
        sql`${hourly} < ${minimum}
            OR (${minimum} IS NULL AND m.status IN ${ENGAGED} AND m.agreed_salary_amount IS NOT NULL)`,
        sql`CASE WHEN ${minimum} IS NULL THEN ${year} || '년 최저임금 미설정'
                 ELSE '시급 ' || floor(${hourly}) || ' < ' || ${year} || '년 ' || ${minimum} END`,
      );
    },
  },
  {
    code: 'held_post_not_open',
    invariant: 'I-10',
    title: '승인된 적 없는 사업주 또는 게시된 적 없는 채용공고에서 합격·계약·근무 중',
    // A suspension or withdrawal later leaves held matchings as they are (docs/DOMAIN.md#invariants, I-10).
    query: (inputs) =>
      heldMatchings(
        inputs,
        sql`p.status IN ('draft', 'pending', 'rejected')
            OR (SELECT e.status FROM employers e WHERE e.id = m.employer_id) IN ('pending', 'rejected')`,
        sql`'employer ' || (SELECT e.status FROM employers e WHERE e.id = m.employer_id) || ', post ' || p.status`,
      ),
  },
  {
    code: 'matching_dates',
    invariant: 'I-11',
    title: '상태에 맞지 않는 매칭 날짜 (계약·근무 시작일, 종료일)',
    query: ({ scope }) => sql`
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
    invariant: 'I-12',
    title: '사유 없이 면접을 생략한 매칭',
    query: ({ scope }) => sql`
      SELECT 'matching' AS target_type, h.matching_id AS target_id, 'history ' || h.id AS detail
      FROM matching_status_history h JOIN matchings m ON m.id = h.matching_id
      WHERE h.from_status = 'proposed' AND h.to_status = 'accepted' AND coalesce(trim(h.reason), '') = ''
        AND ${inBranches(sql`m.branch_id`, scope)}
      ORDER BY h.id`,
  },
  {
    code: 'post_open_employer_not_approved',
    invariant: 'I-13',
    title: '승인되지 않은 사업주의 채용공고가 게시 중',
    query: ({ scope }) => sql`
      SELECT 'job_post' AS target_type, p.id AS target_id, 'employer ' || e.id || ' ' || e.status AS detail
      FROM job_posts p JOIN employers e ON e.id = p.employer_id
      WHERE p.status = 'active' AND p.deleted_at IS NULL AND e.status <> 'approved'
        AND ${inBranches(sql`p.branch_id`, scope)}
      ORDER BY p.id`,
  },
  {
    code: 'post_visas_not_permitted',
    invariant: 'I-14',
    title: '업종이 허용하지 않는 체류자격을 허용한 채용공고',
    query: ({ scope }) => sql`
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
    invariant: 'I-15',
    title: '삭제된 근로자·채용공고·사업주·이력서에 진행 중인 매칭',
    query: ({ scope }) => sql`
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
    invariant: 'I-16',
    title: '한 매칭에 매칭 수수료 정산이 둘 이상 (취소 제외)',
    query: ({ scope }) => sql`
      SELECT 'matching' AS target_type, pay.matching_id AS target_id,
             'payouts ' || string_agg(pay.id::text, ', ' ORDER BY pay.id) AS detail
      FROM payouts pay JOIN employers e ON e.id = pay.employer_id
      WHERE pay.type = 'matching_fee' AND pay.status <> 'cancelled' AND pay.matching_id IS NOT NULL
        AND ${inBranches(sql`e.branch_id`, scope)}
      GROUP BY pay.matching_id HAVING count(*) > 1`,
  },
  {
    code: 'filled_count_drift',
    invariant: 'I-17',
    title: '채용공고의 충원 인원이 계약·근무 중 매칭 수와 다름',
    query: ({ scope }) => sql`
      SELECT 'job_post' AS target_type, p.id AS target_id,
             p.filled_count || ' ≠ ' || count(m.id) AS detail
      FROM job_posts p
      LEFT JOIN matchings m ON m.job_post_id = p.id AND m.status IN ${ENGAGED}
      WHERE ${inBranches(sql`p.branch_id`, scope)}
      GROUP BY p.id HAVING p.filled_count <> count(m.id)
      ORDER BY p.id`,
  },
  {
    code: 'record_in_closed_branch',
    invariant: 'I-18',
    title: '운영 중지된 지점에 중지 후 만든 사업주·근로자·채용공고·진행 중 매칭',
    // Closed since its latest logged move to inactive, else since its last change (docs/domain-integrity.md#an-inactive-branch).
    query: ({ scope }) => sql`
      WITH closed AS (
        SELECT b.id, least(b.updated_at,
                 (SELECT max(a.created_at) FROM audit_logs a
                  WHERE a.target_type = 'branch' AND a.target_id = b.id::text
                    AND a.diff -> 'status' ->> 'after' = 'inactive')) AS since
        FROM branches b WHERE b.status = 'inactive' AND ${inBranches(sql`b.id`, scope)}
      )
      SELECT 'employer' AS target_type, x.id AS target_id, 'branch ' || c.id AS detail
        FROM employers x JOIN closed c ON c.id = x.branch_id WHERE x.deleted_at IS NULL AND x.created_at > c.since
      UNION ALL SELECT 'worker', x.id, 'branch ' || c.id
        FROM workers x JOIN closed c ON c.id = x.branch_id WHERE x.deleted_at IS NULL AND x.created_at > c.since
      UNION ALL SELECT 'job_post', x.id, 'branch ' || c.id
        FROM job_posts x JOIN closed c ON c.id = x.branch_id WHERE x.deleted_at IS NULL AND x.created_at > c.since
      UNION ALL SELECT 'matching', x.id, 'branch ' || c.id || ' ' || x.status
        FROM matchings x JOIN closed c ON c.id = x.branch_id WHERE x.status IN ${OPEN} AND x.created_at > c.since`,
  },
  {
    code: 'visa_pending_without_extension',
    invariant: 'I-19',
    title: '연장 신청 없이 체류자격이 심사 중',
    query: ({ scope }) => sql`
      SELECT 'worker' AS target_type, id AS target_id, 'extension ' || extension_status AS detail
      FROM workers
      WHERE deleted_at IS NULL AND visa_status = 'pending' AND extension_status <> 'applied'
        AND ${inBranches(sql`branch_id`, scope)}
      ORDER BY id`,
  },
  {
    code: 'destroyed_worker_engaged',
    invariant: 'I-20',
    title: '개인정보가 파기된 근로자의 진행 중이거나 종료일이 오지 않은 매칭',
    query: ({ scope }) => sql`
      SELECT 'matching' AS target_type, m.id AS target_id,
             'worker ' || w.id || ' ' || m.status || ' ~ ' || coalesce(m.end_date::text, '-') AS detail
      FROM matchings m JOIN workers w ON w.id = m.worker_id
      WHERE w.destroyed_at IS NOT NULL AND (m.status IN ${OPEN} OR m.end_date > ${TODAY})
        AND ${inBranches(sql`m.branch_id`, scope)}
      ORDER BY m.id`,
  },
  {
    code: 'post_of_deleted_employer',
    invariant: 'I-21',
    title: '삭제된 사업주의 삭제되지 않은 채용공고',
    query: ({ scope }) => sql`
      SELECT 'job_post' AS target_type, p.id AS target_id, 'employer ' || e.id || ' ' || p.status AS detail
      FROM job_posts p JOIN employers e ON e.id = p.employer_id
      WHERE p.deleted_at IS NULL AND e.deleted_at IS NOT NULL AND ${inBranches(sql`p.branch_id`, scope)}
      ORDER BY p.id`,
  },
  {
    code: 'resume_of_deleted_worker',
    invariant: 'I-22',
    title: '삭제된 근로자의 삭제되지 않은 이력서',
    query: ({ scope }) => sql`
      SELECT 'resume' AS target_type, r.id AS target_id, 'worker ' || w.id AS detail
      FROM resumes r JOIN workers w ON w.id = r.worker_id
      WHERE r.deleted_at IS NULL AND w.deleted_at IS NOT NULL AND ${inBranches(sql`w.branch_id`, scope)}
      ORDER BY r.id`,
  },
  {
    code: 'post_branch_not_employers',
    invariant: 'I-23',
    title: '사업주와 담당 지점이 다른 채용공고',
    // Deleted posts too: the trash is scoped by the post's branch, and a restore brings the post back where it is.
    query: ({ scope }) => sql`
      SELECT 'job_post' AS target_type, p.id AS target_id,
             'branch ' || p.branch_id || ', employer ' || e.id || ' in branch ' || e.branch_id AS detail
      FROM job_posts p JOIN employers e ON e.id = p.employer_id
      WHERE p.branch_id <> e.branch_id
        AND (${inBranches(sql`p.branch_id`, scope)} OR ${inBranches(sql`e.branch_id`, scope)})
      ORDER BY p.id`,
  },
  {
    code: 'worker_arc_disagrees',
    invariant: 'I-24',
    title: '외국인등록번호의 생년월일 또는 7번째 자리가 생년월일·성별과 다른 근로자',
    // The masked number keeps the birth date and the 7th digit (900101-5******): nothing is decrypted.
    query: ({ scope }) => sql`
      SELECT 'worker' AS target_type, w.id AS target_id,
             w.alien_reg_no_masked || ' / ' || w.date_of_birth::text || ' ' || w.gender AS detail
      FROM workers w
      LEFT JOIN ${arcDigitsTable()} ON d.digit = substr(w.alien_reg_no_masked, 8, 1)
      WHERE w.deleted_at IS NULL AND w.destroyed_at IS NULL AND w.alien_reg_no_masked IS NOT NULL
        AND ${inBranches(sql`w.branch_id`, scope)}
        AND (d.digit IS NULL OR d.gender <> w.gender
             OR to_char(w.date_of_birth, 'MMDD') <> substr(w.alien_reg_no_masked, 3, 4)
             OR extract(year FROM w.date_of_birth)::int <> d.century + substr(w.alien_reg_no_masked, 1, 2)::int)
      ORDER BY w.id`,
  },
  {
    code: 'worker_visa_expiry_missing',
    invariant: 'I-25',
    title: '체류기간 상한이 있는 체류자격인데 체류 만료일이 없는 근로자',
    query: ({ scope }) => sql`
      SELECT 'worker' AS target_type, id AS target_id, visa_type AS detail
      FROM workers
      WHERE deleted_at IS NULL AND destroyed_at IS NULL AND visa_expiry_date IS NULL
        AND visa_type = ANY(${sql.raw(
          `ARRAY[${
            expiringVisaTypes(seoulDay())
              .map((v) => `'${v}'`)
              .join(',') || 'NULL'
          }]::text[]`,
        )})
        AND ${inBranches(sql`branch_id`, scope)}
      ORDER BY id`,
  },
  {
    code: 'worker_extension_misdated',
    invariant: 'I-26',
    title: '만료일 뒤에 신청했거나 오늘 뒤로 날짜가 적힌 체류기간 연장',
    // Once approved, the expiry on the record is the new one, so only a filed (applied) extension is compared.
    query: ({ scope }) => sql`
      SELECT 'worker' AS target_type, id AS target_id,
             extension_status || ' ' || coalesce(extension_applied_at::text, '-') || ' / '
               || coalesce(extension_approved_at::text, '-') || ', expiry ' || coalesce(visa_expiry_date::text, '-') AS detail
      FROM workers
      WHERE deleted_at IS NULL AND destroyed_at IS NULL AND ${inBranches(sql`branch_id`, scope)}
        AND (extension_applied_at > ${TODAY} OR extension_approved_at > ${TODAY}
             OR (extension_status = 'applied' AND extension_applied_at > visa_expiry_date))
      ORDER BY id`,
  },
  {
    code: 'post_duty_not_permitted',
    invariant: 'I-27',
    title: '직무가 허용하지 않는 체류자격을 허용한 채용공고',
    // A visa its industry refuses altogether in the released rows is I-14's (docs/DOMAIN.md#invariants; post_visas_not_permitted); the rest
    // is here: a duty the rows in force today do not permit, a pilot the operator ended among them.
    query: ({ scope, pilotSectors }) => sql`
      SELECT 'job_post' AS target_type, p.id AS target_id,
             p.industry || ' / ' || p.duty || ': ' || array_to_string(p.allowed_visa_types, ',') AS detail
      FROM job_posts p
      WHERE p.deleted_at IS NULL AND ${inBranches(sql`p.branch_id`, scope)}
        AND EXISTS (SELECT 1 FROM unnest(p.allowed_visa_types) AS v(visa) JOIN ${visaRulesTable()} ON r.visa = v.visa
                    WHERE NOT r.no_employment AND (r.any_industry OR p.industry = ANY(r.industries))
                      AND NOT EXISTS (SELECT 1 FROM ${permittedDutiesTable(seoulDay(), pilotSectors)}
                                      WHERE pd.visa = v.visa AND pd.industry = p.industry AND pd.duty = p.duty))
      ORDER BY p.id`,
  },
  {
    code: 'fee_not_lawful',
    invariant: 'I-31',
    title: 'E-9·E-8 근로자의 매칭 수수료에 법적 근거 기록이 없거나, 수수료가 직업안정법 상한을 넘음',
    // The rows in force on the matching's start date (today without one), as packages/contracts/src/fees.ts reads
    // them; a cancelled fee is not charged.
    query: ({ scope }) => {
      const publicRows = lawRowsTable(PUBLIC_PLACEMENT_ROWS, 'pr', ['visa'], (row) => [
        sql`${row.visa}::text`,
      ]);
      const capRows = lawRowsTable(
        PLACEMENT_FEE_CAP_ROWS,
        'cr',
        ['short_months', 'short_share', 'long_share'],
        (row) => [
          sql`${row.shortMonths}::int`,
          sql`${row.shortShare}::float8`,
          sql`${row.longShare}::float8`,
        ],
      );
      return sql`
      SELECT 'payout' AS target_type, pay_row.id AS target_id,
             concat_ws('; ',
               CASE WHEN pub.public THEN x.visa || ' 법적 근거 없음' END,
               CASE WHEN pay_row.amount > cap.cap THEN pay_row.amount || ' > 상한 ' || cap.cap::bigint END) AS detail
      FROM payouts pay_row
      JOIN employers e ON e.id = pay_row.employer_id
      LEFT JOIN matchings m ON m.id = pay_row.matching_id
      LEFT JOIN job_posts p ON p.id = m.job_post_id
      LEFT JOIN workers w ON w.id = pay_row.worker_id
      CROSS JOIN LATERAL (SELECT coalesce(m.start_date, ${TODAY}) AS day,
                                 CASE WHEN m.id IS NOT NULL THEN m.worker_visa_type::text ELSE w.visa_type::text END AS visa) x
      CROSS JOIN LATERAL (SELECT pay_row.legal_basis_note IS NULL AND EXISTS (
                            SELECT 1 FROM ${publicRows} WHERE pr.visa = x.visa AND ${inForceOnDay('pr', sql`x.day`)}) AS public) pub
      LEFT JOIN LATERAL (
        SELECT floor(mp.monthly * round((CASE WHEN sh.short THEN cr.short_share ELSE cr.long_share END)
                                        * (CASE WHEN sh.short THEN p.contract_months ELSE cr.short_months END) * 100) / 100) AS cap
        FROM ${capRows}
        CROSS JOIN LATERAL (SELECT p.contract_months IS NOT NULL AND p.contract_months > 0
                                   AND p.contract_months < cr.short_months AS short) sh
        CROSS JOIN LATERAL (SELECT ${MONTHLY_PAY} AS monthly
                            FROM (SELECT CASE WHEN m.agreed_salary_type IS NOT NULL AND m.agreed_salary_amount > 0
                                              THEN m.agreed_salary_type::text ELSE p.salary_type::text END AS type,
                                         CASE WHEN m.agreed_salary_type IS NOT NULL AND m.agreed_salary_amount > 0
                                              THEN m.agreed_salary_amount ELSE p.salary_amount END::float8 AS amount) pay) mp
        WHERE p.id IS NOT NULL AND ${inForceOnDay('cr', sql`x.day`)}
        LIMIT 1) cap ON TRUE
      WHERE pay_row.type = 'matching_fee' AND pay_row.status <> 'cancelled'
        AND ${inBranches(sql`e.branch_id`, scope)}
        AND (pub.public OR pay_row.amount > cap.cap)
      ORDER BY pay_row.id`;
    },
  },
  {
    code: 'one_employer_visa_engaged_twice',
    invariant: 'I-32',
    title: '지금 한 사업장 체류자격인 근로자가 두 곳 이상과 계약 완료·근무 중 (매칭 후 체류자격 변경)',
    // What the one-job index cannot see: matchings that took another visa (F-5) before the worker's changed. Two of
    // a one-employer visa are I-1's (docs/DOMAIN.md#invariants).
    query: ({ scope }) => sql`
      SELECT 'worker' AS target_type, w.id AS target_id,
             w.visa_type || ': matchings ' || string_agg(m.id::text, ', ' ORDER BY m.id) AS detail
      FROM workers w JOIN matchings m ON m.worker_id = w.id
      WHERE m.status IN ${ENGAGED} AND w.visa_type IN ${ONE_EMPLOYER_TODAY()}
        AND ${inBranches(sql`w.branch_id`, scope)}
      GROUP BY w.id, w.visa_type
      HAVING count(*) > 1 AND count(*) FILTER (WHERE m.worker_visa_type IN ${ONE_JOB_VISAS}) <= 1`,
  },
];

/**
 * Runs every check (or the named ones) in one statement and answers each with its violations; the minimum wage
 * is read from the settings first, as the rule engine reads it. JIT is off for the statement: the recursive walk
 * of I-2 (docs/DOMAIN.md#invariants) is costed far above what it reads, and LLVM compiling the whole union took seconds on 10,000 workers
 * where the checks take tens of milliseconds (docs/domain-integrity.md#how-long-it-takes).
 */
export async function runChecks(
  db: Database,
  scope: CheckScope = {},
  codes?: readonly string[],
): Promise<CheckResult[]> {
  const chosen = CHECKS.filter((check) => !codes || codes.includes(check.code));
  const rows = await db.transaction(async (tx) => {
    const { minimumWageByYear, employerQuotaTables, pilotSectors } = await createSettingsService(db).get(tx);
    const inputs: CheckInputs = { scope, minimumWageByYear, quotaTables: employerQuotaTables, pilotSectors };
    const union = sql.join(
      chosen.map(
        (check) =>
          sql`SELECT ${check.code}::text AS code, q.target_type::text, q.target_id::int, q.detail::text FROM (${check.query(inputs)}) q`,
      ),
      sql` UNION ALL `,
    );
    await tx.execute(sql`SET LOCAL jit = off`);
    return queryRows<{ code: string; target_type: string; target_id: number; detail: string | null }>(
      tx,
      union,
    );
  });
  return chosen.map((check) => ({
    code: check.code,
    invariant: check.invariant,
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

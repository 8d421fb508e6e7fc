import {
  OVERTIME_RATE_ROWS,
  PREMIUM_EXEMPT_INDUSTRY_ROWS,
  PREMIUM_MIN_EMPLOYEES_ROWS,
  rowsInForce,
  STANDARD_WEEKLY_HOURS_ROWS,
} from '@ilson/contracts';
import { type SQL, sql } from 'drizzle-orm';

/**
 * A held matching's pay against the minimum wage in SQL (docs/law-as-data.md#wages): `npm run check:data` and the
 * matchings list's `below_minimum_wage_year` filter read the same formula. The SQL names the matching `m` and its
 * post `p`.
 */

const SEOUL_TODAY = sql`(now() AT TIME ZONE 'Asia/Seoul')::date`;

/**
 * The 제56조 premium terms as the law rows state them today (docs/law-as-data.md#wages): the standard week, the rate,
 * the employees from which it applies, the exempt industries, and the day from which all of them are in force.
 */
function premiumTerms() {
  const today = new Date().toISOString().slice(0, 10);
  const hours = rowsInForce(STANDARD_WEEKLY_HOURS_ROWS, today)[0]!;
  const rate = rowsInForce(OVERTIME_RATE_ROWS, today)[0]!;
  const employees = rowsInForce(PREMIUM_MIN_EMPLOYEES_ROWS, today)[0]!;
  const exempt = rowsInForce(PREMIUM_EXEMPT_INDUSTRY_ROWS, today)[0]!;
  const from = [hours, rate, employees, exempt]
    .map((row) => row.basis.effectiveFrom ?? '0001-01-01')
    .sort()
    .at(-1)!;
  return {
    hours: hours.hours,
    rate: rate.rate,
    employees: employees.employees,
    exempt: exempt.industries,
    from,
  };
}

/**
 * Hourly-equivalent pay as packages/contracts/src/wage.ts computes it (`hourlyOverFloor` of `wageFloor`), in double
 * precision with its order of operations (so the same values round the same way): paid hours a day, 주휴 hours,
 * hours over the standard week weighted by the 제56조 rate where it applies (5+ employees, not a 제63조 industry),
 * monthly paid hours rounded half up.
 */
export function hourlySql(): SQL {
  const t = premiumTerms();
  const exempt = sql.raw(`ARRAY[${t.exempt.map((i) => `'${i}'`).join(',')}]::text[]`);
  const applies = sql`((SELECT e.employee_count FROM employers e WHERE e.id = m.employer_id) >= ${t.employees}
                      AND NOT (p.industry::text = ANY(${exempt}))
                      AND coalesce(m.start_date, ${SEOUL_TODAY}) >= ${t.from}::date)`;
  return sql`(
  SELECT CASE pay.type
           WHEN 'hourly' THEN pay.amount
           WHEN 'daily' THEN CASE WHEN hr.daily > 0 THEN pay.amount / hr.daily END
           WHEN 'monthly' THEN CASE WHEN hr.monthly > 0 THEN pay.amount / hr.monthly END
           WHEN 'annual' THEN CASE WHEN hr.monthly > 0 THEN pay.amount / 12 / hr.monthly END
         END
  FROM (SELECT coalesce(m.agreed_salary_type, p.salary_type) AS type,
               coalesce(m.agreed_salary_amount, p.salary_amount)::float8 AS amount) pay,
       LATERAL (SELECT (split_part(p.work_end_time, ':', 1)::int * 60 + split_part(p.work_end_time, ':', 2)::int)
                     - (split_part(p.work_start_time, ':', 1)::int * 60 + split_part(p.work_start_time, ':', 2)::int)
                       AS minutes) span,
       LATERAL (SELECT greatest(0, CASE WHEN span.minutes <= 0 THEN span.minutes + 1440 ELSE span.minutes END
                                   - p.break_minutes)::float8 / 60 AS daily) dy,
       LATERAL (SELECT dy.daily * cardinality(p.work_days) AS weekly) wk,
       LATERAL (SELECT CASE WHEN wk.weekly >= 15 THEN least(8, (wk.weekly / 40) * 8) ELSE 0 END AS holiday,
                       CASE WHEN ${applies} AND wk.weekly > ${t.hours}::float8
                            THEN wk.weekly - ${t.hours}::float8 ELSE 0 END AS ot) ex,
       LATERAL (SELECT (wk.weekly - ex.ot) + ex.ot * ${t.rate}::float8 AS worked) wd,
       LATERAL (SELECT CASE WHEN ex.ot > 0 AND cardinality(p.work_days) > 0
                            THEN wd.worked / cardinality(p.work_days) ELSE dy.daily END AS daily,
                       CASE WHEN ex.ot > 0 THEN floor(((wd.worked + ex.holiday) * 365) / 7 / 12 + 0.5)
                            ELSE floor(((wk.weekly + ex.holiday) * 365) / 7 / 12 + 0.5) END AS monthly) hr)`;
}

/**
 * Contracted and working matchings whose pay (the agreed pay, else the post's) comes to less than `minimum` an hour,
 * with the premium: the list of contracts to revisit when a new year's minimum wage takes effect.
 */
export function belowMinimumWageIds(minimum: number): SQL {
  return sql`(SELECT m.id FROM matchings m JOIN job_posts p ON p.id = m.job_post_id
             WHERE m.status IN ('contracted', 'working') AND ${hourlySql()} < ${minimum}::float8)`;
}

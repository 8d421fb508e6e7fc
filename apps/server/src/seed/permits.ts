import { PERMIT_RULE_ROWS, QUOTA_ROWS, rowsInForce } from '@ilson/contracts';
import type { SeedConnection } from './loader';

/**
 * The demo's 고용허가서 and 특례고용가능확인서 (docs/law-as-data.md#employer-permits-and-quota, I-30): every employer
 * with contracted or working E-9 or H-2 workers gets a permit of the needed kind covering their starts and ends, for
 * as many as it holds, and — where its 상시 근로자 수 gives a 고용허용인원 below that many — the least 상시 근로자 수
 * of the band that allows them (the demo's employers have 5 or more, so the wage premium stays as generated). Read
 * from the loaded matchings in SQL, so the plan that made them is not run again.
 */
export async function seedPermits(conn: SeedConnection, today: string): Promise<number> {
  const rules = PERMIT_RULE_ROWS.map((row) => `('${row.visa}', '${row.permit}')`).join(', ');
  const held = `
    SELECT m.employer_id, w.visa_type AS visa, pr.permit, m.start_date,
           coalesce(m.end_date, (m.start_date + make_interval(months => p.contract_months) - interval '1 day')::date,
                    m.start_date + 3 * 365) AS until
    FROM matchings m
    JOIN workers w ON w.id = m.worker_id
    JOIN job_posts p ON p.id = m.job_post_id
    JOIN (VALUES ${rules}) AS pr(visa, permit) ON pr.visa = w.visa_type
    WHERE m.status IN ('contracted', 'working') AND m.start_date IS NOT NULL`;
  const inserted = await conn.query(`
    INSERT INTO employer_permits (employer_id, type, visa, permit_no, valid_from, valid_to, headcount, note)
    SELECT employer_id, permit, visa,
           to_char(min(start_date), 'YYYY') || '-' || lpad(employer_id::text, 6, '0') || '-' || replace(visa, '-', ''),
           least(min(start_date), '${today}'::date - 365), greatest(max(until), '${today}'::date + 365),
           count(*), '데모 데이터'
    FROM (${held}) h
    GROUP BY employer_id, visa, permit
    ORDER BY employer_id, visa
    RETURNING id`);
  // The 고용허용인원 counts E-9 and H-2 together; a band's least 상시 근로자 수 is one more than the band before.
  const counts = await conn.query<{
    employer_id: number;
    industry: string;
    employee_count: number;
    n: number;
  }>(`
    SELECT h.employer_id, e.industry, e.employee_count, count(*)::int AS n
    FROM (${held}) h JOIN employers e ON e.id = h.employer_id
    GROUP BY h.employer_id, e.industry, e.employee_count
    ORDER BY h.employer_id`);
  const rows = rowsInForce(QUOTA_ROWS, today);
  for (const c of counts) {
    const row = rows.find((r) => r.industries.some((i) => i === c.industry));
    if (row?.measure !== 'insured' || !row.bands) continue;
    let least = 0;
    for (const band of row.bands) {
      if (band.limit >= c.n) {
        if (c.employee_count < least) {
          await conn.query(
            `UPDATE employers SET employee_count = ${least} WHERE id = ${Number(c.employer_id)}`,
          );
        }
        break;
      }
      least = (band.maxInsured ?? least) + 1;
    }
  }
  return inserted.length;
}

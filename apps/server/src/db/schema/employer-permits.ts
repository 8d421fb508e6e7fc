import { EMPLOYER_PERMIT_TYPES, PERMIT_VISAS } from '@ilson/contracts';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { admins } from './admins';
import { id, timestamps, version } from './columns';
import { employers } from './employers';

/**
 * An employer's 고용허가서 (E-9) or 특례고용가능확인서 (H-2) (docs/law-as-data.md#employer-permits-and-quota): a
 * contract of such a worker needs one valid on its start date, and the permits' headcount caps how many the
 * employer holds at once. Deleted outright (the access log keeps what it said).
 */
export const employerPermits = pgTable(
  'employer_permits',
  {
    id: id(),
    employerId: integer()
      .notNull()
      .references(() => employers.id, { onDelete: 'restrict' }),
    type: text({ enum: EMPLOYER_PERMIT_TYPES }).notNull(),
    permitNo: text().notNull(),
    validFrom: date({ mode: 'string' }).notNull(),
    validTo: date({ mode: 'string' }).notNull(),
    headcount: integer().notNull(),
    /** The visa the permit is for, fixed by its type (E-9: 고용허가서, H-2: 특례고용가능확인서). */
    visa: text({ enum: PERMIT_VISAS }).notNull(),
    note: text().notNull().default(''),
    createdBy: integer().references(() => admins.id, { onDelete: 'set null' }),
    ...timestamps,
    version: version(),
  },
  (t) => [
    check('employer_permits_valid_range_check', sql`${t.validTo} >= ${t.validFrom}`),
    check('employer_permits_headcount_check', sql`${t.headcount} > 0`),
    check(
      'employer_permits_visa_check',
      sql`(${t.type} = 'employment_permit' AND ${t.visa} = 'E-9')
        OR (${t.type} = 'special_employment_confirmation' AND ${t.visa} = 'H-2')`,
    ),
    index('employer_permits_employer_idx').on(t.employerId, t.type, t.validFrom),
    index('employer_permits_created_by_idx').on(t.createdBy),
  ],
);

import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';

/**
 * The SQL that shapes an export row: most of the formatting happens in PostgreSQL, so the CSV of a
 * masked export is PostgreSQL's own `COPY … TO STDOUT` and Node only passes the bytes on.
 */

/** A constant as an SQL string literal (labels, formats): escaped by pg's own quoting. */
export const literal = (value: string): SQL => sql.raw(pg.escapeLiteral(value));

/**
 * Spreadsheet formula injection: a text starting with `= + - @`, a tab or a carriage return gets a leading
 * apostrophe, so Excel and its kin read it as text (OWASP "CSV injection").
 */
export function neutralized(value: SQL): SQL {
  // ascii() of the first character: = 61, + 43, - 45, @ 64, tab 9, CR 13. All of them are below 'A' (65), so
  // names, Hangul and e-mail addresses are decided by one comparison instead of six (docs/exports.md#what-a-csv-row-costs).
  return sql`(CASE WHEN ascii(${value}) < 65 AND ascii(${value}) IN (61, 43, 45, 64, 9, 13) THEN '''' || ${value} ELSE ${value} END)`;
}

/** The same rule in JavaScript, for the values decrypted in Node (unmasked exports). */
export function neutralizeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A code as its Korean label (`CASE code WHEN 'pending' THEN '승인 대기' …`); unknown codes pass through.
 * `computed`: the code is an expression that can only yield the labelled codes (the visa status as of today), so
 * the CASE has no ELSE that would evaluate the expression a second time for every row.
 */
export function labelOf(
  code: SQL,
  labels: Readonly<Record<string, string>>,
  options: { computed?: boolean } = {},
): SQL {
  const branches = Object.entries(labels).map(
    ([key, label]) => sql` WHEN ${literal(key)} THEN ${literal(label)}`,
  );
  const otherwise = options.computed ? sql`` : sql` ELSE ${code}`;
  return sql`(CASE ${code}${sql.join(branches, sql``)}${otherwise} END)`;
}

/** A code looked up in a VALUES list joined by hash (nationalities: ~250 entries, too many for a CASE). */
export function valuesTable(alias: string, labels: ReadonlyArray<readonly [string, string]>): SQL {
  const rows = labels.map(([key, label]) => sql`(${literal(key)}, ${literal(label)})`);
  return sql`(VALUES ${sql.join(rows, sql`, `)}) AS ${sql.identifier(alias)} (code, label)`;
}

/**
 * contracts' formatPhone in SQL: 1588-1234, 02-123-4567, 02-1234-5678, 010-1234-5678, 031-123-4567.
 * Tested against formatPhone; the cheap tests come first (the pattern match only for 8-digit numbers).
 */
export function phoneFormatted(digits: SQL): SQL {
  return sql`(CASE
    WHEN left(${digits}, 2) = '02' THEN (CASE WHEN length(${digits}) = 9
      THEN '02-' || substr(${digits}, 3, 3) || '-' || substr(${digits}, 6)
      ELSE '02-' || substr(${digits}, 3, 4) || '-' || substr(${digits}, 7) END)
    WHEN length(${digits}) = 11 THEN substr(${digits}, 1, 3) || '-' || substr(${digits}, 4, 4) || '-' || substr(${digits}, 8)
    WHEN length(${digits}) = 10 THEN substr(${digits}, 1, 3) || '-' || substr(${digits}, 4, 3) || '-' || substr(${digits}, 7)
    WHEN length(${digits}) = 8 AND ${digits} ~ '^1[568][0-9]{6}$' THEN substr(${digits}, 1, 4) || '-' || substr(${digits}, 5)
    ELSE ${digits} END)`;
}

/** contracts' formatBusinessRegNo in SQL: `XXX-XX-XXXXX`. */
export function businessRegNoFormatted(digits: SQL): SQL {
  return sql`(CASE WHEN length(${digits}) = 10
    THEN substr(${digits}, 1, 3) || '-' || substr(${digits}, 4, 2) || '-' || substr(${digits}, 6)
    ELSE ${digits} END)`;
}

/**
 * What a column holds; it decides both the SQL that formats it and the cell type and format in xlsx.
 * `text` is free text someone typed (neutralised); `label` is text the product makes itself (Korean labels,
 * formatted numbers, masks), which can never start with a formula character.
 */
export type ColumnKind = 'text' | 'label' | 'integer' | 'won' | 'date' | 'datetime';

/**
 * CSV: every value as the text a person reads (dates in Asia/Seoul, no thousands separators). Dates are
 * PostgreSQL's own ISO output (`DateStyle` ISO is a session setting, db/client.ts), cut to the second: the same
 * text as `to_char(…, 'YYYY-MM-DD HH24:MI:SS')` at a fraction of its cost (docs/exports.md#what-a-csv-row-costs).
 */
export function csvValue(kind: ColumnKind, value: SQL): SQL {
  switch (kind) {
    case 'text':
      return neutralized(value);
    case 'label':
      return value;
    case 'integer':
    case 'won':
      return sql`(${value})::text`;
    case 'date':
      return sql`(${value})::text`;
    case 'datetime':
      return sql`left((${value} AT TIME ZONE 'Asia/Seoul')::text, 19)`;
  }
}

/**
 * xlsx: numbers stay numbers, and dates become Excel serial day numbers (days since 1899-12-30, Seoul
 * wall-clock time), which the column's date format shows as a real, sortable date.
 */
export function sheetValue(kind: ColumnKind, value: SQL): SQL {
  switch (kind) {
    case 'text':
      return neutralized(value);
    case 'label':
      return value;
    case 'integer':
      return sql`(${value})::integer`;
    case 'won':
      return sql`(${value})::float8`;
    case 'date':
      return sql`(${value} - DATE '1899-12-30')`;
    case 'datetime':
      return sql`(extract(epoch FROM (${value} AT TIME ZONE 'Asia/Seoul')) / 86400 + 25569)::float8`;
  }
}

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A query as one SQL string with its parameters inlined as escaped literals: `COPY (…) TO STDOUT` takes no
 * bind parameters. The literals are untyped ('…'), so PostgreSQL infers their types from the context
 * exactly as it does for `$n`. Values come from validated filters; strings are escaped by pg's own quoting.
 */
export function inlineQuery(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_match, index: string) => sqlLiteral(params[Number(index) - 1]));
}

function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') {
    if (typeof value === 'number' && !Number.isFinite(value))
      throw new Error('Non-finite number in export query');
    return `'${String(value)}'`;
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (typeof value === 'string') return pg.escapeLiteral(value);
  throw new Error(`Unsupported parameter type in export query: ${typeof value}`);
}

/** The query for drivers that take parameters (cursor, PGlite). */
export function renderQuery(query: SQL): { text: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
}

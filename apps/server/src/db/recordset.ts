import { getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import { queryRows } from './client';
import type { Executor } from './types';

/**
 * Inserts many rows as one JSON parameter unpacked by `jsonb_to_recordset` (docs/imports.md, "Speed and memory").
 * Drizzle's multi-row `values()` builds a parameter per cell, and for an import page (500 rows × 40 columns) building
 * that statement took as long as PostgreSQL took to run it; one JSON text is built by `JSON.stringify` alone.
 * Every row must have the same fields (those of the first row are inserted; a field left out takes its default).
 * `returning` names the columns to read back, by their SQL names.
 */
export async function insertRecordset<T extends PgTable, R>(
  executor: Executor,
  table: T,
  rows: Partial<T['$inferInsert']>[],
  options: { onConflict?: SQL; returning: SQL },
): Promise<R[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table);
  const fields = Object.keys(rows[0]!).filter((field) => field in columns);
  // The schema names columns by their keys and lets the snake_case casing (drizzle.config.ts) make the SQL name.
  const names = fields.map((field) => {
    const column = columns[field]!;
    return column.keyAsName ? toSnakeCase(field) : column.name;
  });
  const payload = rows.map((row) =>
    Object.fromEntries(fields.map((field, i) => [names[i], (row as Record<string, unknown>)[field] ?? null])),
  );
  const list = sql.raw(names.map((name) => `"${name}"`).join(', '));
  const selected = sql.raw(names.map((name) => `v."${name}"`).join(', '));
  const types = sql.raw(names.map((name, i) => `"${name}" ${columns[fields[i]!]!.getSQLType()}`).join(', '));
  return queryRows<R>(
    executor,
    sql`INSERT INTO ${sql.raw(`"${getTableName(table)}"`)} (${list})
        SELECT ${selected} FROM jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) AS v(${types})
        ${options.onConflict ?? sql``} RETURNING ${options.returning}`,
  );
}

import { asc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { dataRepairs } from '../db/schema';

/** What migrations repaired so their constraints could hold, oldest first (docs/domain-integrity.md). */
export async function listRepairs(db: Database) {
  const rows = await db.select().from(dataRepairs).orderBy(asc(dataRepairs.id));
  return rows.map((row) => ({
    check: row.checkCode,
    targetType: row.targetType,
    targetId: row.targetId,
    action: row.action,
    createdAt: row.createdAt.toISOString(),
  }));
}

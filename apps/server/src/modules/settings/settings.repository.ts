import { eq } from 'drizzle-orm';
import { settings } from '../../db/schema';
import type { Executor } from '../../db/types';

export async function readSettingRows(executor: Executor) {
  return executor.select({ key: settings.key, value: settings.value }).from(settings);
}

export async function upsertSetting(executor: Executor, key: string, value: unknown, adminId: number) {
  await executor
    .insert(settings)
    .values({ key, value, updatedBy: adminId, updatedAt: new Date() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: adminId, updatedAt: new Date() } });
}

/** The key of the settings' version row: not a setting, so reads of the settings skip it. */
export const VERSION_KEY = '_version';

/** The settings' version, its row locked for the rest of the transaction (1 before the first change). */
export async function lockVersion(executor: Executor): Promise<number> {
  await executor.insert(settings).values({ key: VERSION_KEY, value: 1 }).onConflictDoNothing();
  const [row] = await executor
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, VERSION_KEY))
    .for('update');
  return Number(row?.value ?? 1);
}

export async function readVersion(executor: Executor): Promise<number> {
  const [row] = await executor
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, VERSION_KEY));
  return Number(row?.value ?? 1);
}

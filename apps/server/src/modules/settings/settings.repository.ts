import { SETTINGS_DEFAULTS, type Settings, settingsSchema } from '@ilson/contracts';
import { eq } from 'drizzle-orm';
import { settings } from '../../db/schema';
import type { Executor } from '../../db/types';

export async function readSettingRows(executor: Executor) {
  return executor.select({ key: settings.key, value: settings.value }).from(settings);
}

/**
 * The settings as stored, over the defaults, read through any executor (a transaction that must see its own
 * writes, a repository that needs one setting). A stored value that no longer passes the schema falls back.
 */
export async function readSettings(executor: Executor): Promise<Settings> {
  const rows = await readSettingRows(executor);
  const merged: Record<string, unknown> = { ...SETTINGS_DEFAULTS };
  const shape = settingsSchema.shape;
  for (const { key, value } of rows) {
    if (!(key in shape)) continue;
    const parsed = shape[key as keyof Settings].safeParse(value);
    if (parsed.success) merged[key] = parsed.data;
  }
  return merged as Settings;
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

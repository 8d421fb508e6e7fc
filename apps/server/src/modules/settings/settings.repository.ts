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

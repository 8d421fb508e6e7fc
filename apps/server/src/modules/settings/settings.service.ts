import { isDeepStrictEqual } from 'node:util';
import { type Settings, type SettingsPatch, type SettingsRecord, settingsMessages } from '@ilson/contracts';
import { appendAudit } from '../../audit/trail';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/types';
import type { AuditActor } from '../../lib/actor';
import { changedFieldNames } from '../../lib/diff';
import { validationError } from '../../lib/errors';
import { versionConflict } from '../../lib/status-change';
import { lockVersion, readSettings, readVersion, upsertSetting, VERSION_KEY } from './settings.repository';

type SettingKey = keyof Settings;

/** The settings that are the law's operator-kept rows: a change of one says why (docs/law-as-data.md#operator-kept-rows). */
const LAW_SETTINGS = [
  ['minimumWageByYear', settingsMessages.wageChangeReasonRequired],
  ['employerQuotaTables', settingsMessages.quotaChangeReasonRequired],
  ['pilotSectors', settingsMessages.pilotChangeReasonRequired],
] as const satisfies readonly (readonly [SettingKey, string])[];

/**
 * The settings store. Every module reads it through here; values live in PostgreSQL so every API
 * process sees a change at once. Stored values that no longer pass the schema fall back to the default.
 */
export function createSettingsService(db: Database) {
  async function get(executor: Executor = db): Promise<Settings> {
    return readSettings(executor);
  }

  /** The settings with the version an edit must send back (the settings screen). */
  async function getRecord(executor: Executor = db): Promise<SettingsRecord> {
    return { ...(await get(executor)), version: await readVersion(executor) };
  }

  /**
   * `version` is what the screen read (PATCH /settings requires it); the server's own callers may leave it
   * out and change the settings as they stand.
   */
  async function update(
    {
      version,
      lawChangeReason,
      wageChangeReason,
      ...patch
    }: Omit<SettingsPatch, 'version'> & { version?: number },
    actor: AuditActor & { actorAdminId: number },
  ): Promise<SettingsRecord> {
    await db.transaction(async (tx) => {
      // One version for all settings, its row locked: a save made on stale values is refused, not merged.
      const currentVersion = await lockVersion(tx);
      if (version !== undefined && currentVersion !== version) throw versionConflict();
      const current = await get(tx);
      const diff: Record<string, { before: unknown; after: unknown }> = {};
      // The quota table's versions are kept in 시행일 order, however they were typed: the screen shows them so, and
      // a save of the same table is no change.
      if (patch.employerQuotaTables) {
        patch.employerQuotaTables = [...patch.employerQuotaTables].sort((a, b) =>
          a.effectiveFrom.localeCompare(b.effectiveFrom),
        );
      }
      for (const [key, value] of Object.entries(patch) as [SettingKey, unknown][]) {
        if (value === undefined || isDeepStrictEqual(current[key], value)) continue;
        diff[key] = { before: current[key], after: value };
        await upsertSetting(tx, key, value, actor.actorAdminId);
      }
      // The law's operator-kept rows decide which contracts are lawful: a change says why. Lowering a figure or
      // ending a pilot is never refused, the law changed; check:data lists what it affects
      // (docs/law-as-data.md#operator-kept-rows).
      const lawChanged = LAW_SETTINGS.filter(([key]) => diff[key]);
      const reason = lawChangeReason || wageChangeReason;
      if (lawChanged.length > 0 && !reason) {
        const field = lawChangeReason !== undefined ? 'law_change_reason' : 'wage_change_reason';
        throw validationError(lawChanged.map(([, message]) => ({ field, message })));
      }
      if (Object.keys(diff).length > 0) {
        await upsertSetting(tx, VERSION_KEY, currentVersion + 1, actor.actorAdminId);
        await appendAudit(tx, actor, {
          action: 'SETTINGS_CHANGE',
          targetType: 'settings',
          summary: `설정 변경: ${changedFieldNames(diff)}`,
          diff,
          ...(lawChanged.length > 0 ? { reason } : {}),
        });
      }
    });
    return getRecord();
  }

  return { get, getRecord, update };
}
export type SettingsService = ReturnType<typeof createSettingsService>;

import { and, asc, eq, isNull } from 'drizzle-orm';
import { admins, appUserConsents } from '../../db/schema';
import type { Executor } from '../../db/types';

export type ConsentValues = Omit<typeof appUserConsents.$inferInsert, 'id'>;

function selectConsents(executor: Executor) {
  return executor
    .select({
      id: appUserConsents.id,
      appUserId: appUserConsents.appUserId,
      item: appUserConsents.item,
      textVersion: appUserConsents.textVersion,
      consentedAt: appUserConsents.consentedAt,
      channel: appUserConsents.channel,
      withdrawnAt: appUserConsents.withdrawnAt,
      withdrawalChannel: appUserConsents.withdrawalChannel,
      withdrawalNote: appUserConsents.withdrawalNote,
      withdrawnByName: admins.name,
    })
    .from(appUserConsents)
    .leftJoin(admins, eq(admins.id, appUserConsents.withdrawnByAdminId));
}
export type ConsentRow = Awaited<ReturnType<ReturnType<typeof selectConsents>['execute']>>[number];

/** Oldest first: the sign-up's consents, then later ones (a consent given again after a withdrawal). */
export async function listConsents(executor: Executor, appUserId: number): Promise<ConsentRow[]> {
  return selectConsents(executor)
    .where(eq(appUserConsents.appUserId, appUserId))
    .orderBy(asc(appUserConsents.consentedAt), asc(appUserConsents.id));
}

export async function findConsent(executor: Executor, appUserId: number, id: number) {
  const [row] = await selectConsents(executor)
    .where(and(eq(appUserConsents.id, id), eq(appUserConsents.appUserId, appUserId)))
    .limit(1);
  return row;
}

/** Closes a consent still in force; false when it was withdrawn meanwhile. */
export async function withdrawConsent(
  executor: Executor,
  target: { appUserId: number; id: number },
  values: Pick<ConsentValues, 'withdrawnAt' | 'withdrawalChannel' | 'withdrawalNote' | 'withdrawnByAdminId'>,
): Promise<boolean> {
  const rows = await executor
    .update(appUserConsents)
    .set(values)
    .where(
      and(
        eq(appUserConsents.id, target.id),
        eq(appUserConsents.appUserId, target.appUserId),
        isNull(appUserConsents.withdrawnAt),
      ),
    )
    .returning({ id: appUserConsents.id });
  return rows.length > 0;
}

export async function insertConsents(executor: Executor, values: ConsentValues[]): Promise<void> {
  if (values.length > 0) await executor.insert(appUserConsents).values(values);
}

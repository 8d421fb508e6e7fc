import { asc, ne } from 'drizzle-orm';
import { admins } from '../../db/schema';
import type { Executor } from '../../db/types';

/** Admins a select may offer: everyone not disabled, by name. */
export async function listAdminOptions(executor: Executor) {
  return executor
    .select({ id: admins.id, name: admins.name, loginId: admins.loginId, role: admins.role })
    .from(admins)
    .where(ne(admins.status, 'disabled'))
    .orderBy(asc(admins.name), asc(admins.id));
}

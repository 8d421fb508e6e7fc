import { count } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { BootstrapResult } from '../../db/init-options';
import { admins } from '../../db/schema';
import { generatePassword, hashPassword } from '../../lib/passwords';

/** First start on an empty database: the first super_admin, with a password from ADMIN_PASSWORD or generated. */
export async function ensureFirstAdmin(
  db: Database,
  options: { email: string; password: string | undefined },
): Promise<BootstrapResult> {
  const [row] = await db.select({ n: count() }).from(admins);
  if ((row?.n ?? 0) > 0) return { created: false };
  const password = options.password ?? generatePassword();
  const inserted = await db
    .insert(admins)
    .values({
      loginId: 'admin',
      email: options.email,
      name: '최고 관리자',
      role: 'super_admin',
      passwordHash: await hashPassword(password),
    })
    .onConflictDoNothing()
    .returning({ id: admins.id });
  if (inserted.length === 0) return { created: false };
  return {
    created: true,
    loginId: 'admin',
    email: options.email,
    password: options.password ? null : password,
  };
}

import type { Role } from '@ilson/contracts';
import type { Scope } from './scope';

/** Who did it and from where: taken from the request. */
export type AuditActor = {
  actorAdminId: number | null;
  actorLoginId: string | null;
  ip: string | null;
  userAgent: string | null;
};

/** Who acts in a service call: the admin, the branches they reach, and what the access log records. */
export type Actor = { adminId: number; role: Role; scope: Scope; audit: AuditActor };

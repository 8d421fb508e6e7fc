/** docs/SECURITY.md roles and the one permission table the server enforces and the web reads. */
export const ROLES = ['super_admin', 'admin', 'branch_manager', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  super_admin: '최고 관리자',
  admin: '관리자',
  branch_manager: '지점 관리자',
  viewer: '조회 전용',
};

export const PERMISSIONS = [
  'dashboard:read',
  'branches:read',
  'branches:write',
  'employers:read',
  'employers:write',
  'employers:approve',
  'workers:read',
  'workers:write',
  'workers:reveal',
  'job_posts:read',
  'job_posts:write',
  'job_posts:approve',
  'resumes:read',
  'resumes:write',
  'matchings:read',
  'matchings:write',
  'matchings:override',
  'notices:read',
  'notices:write',
  'reviews:read',
  'reviews:moderate',
  'users:read',
  'users:write',
  'payouts:read',
  'payouts:write',
  'payouts:approve',
  'payouts:reveal',
  'exports:run',
  'exports:unmasked',
  'settings:read',
  'settings:write',
  'admins:manage',
  'audit_logs:read',
  /** The monthly review record of the access log (안전성 확보조치 기준): super_admin and admin. */
  'audit_logs:review',
  /** Reopening an acknowledged finding of the monthly review, with a reason: super_admin only. */
  'audit_logs:reopen',
  /**
   * Undo of one's own status change just made, and the 휴지통 (docs/undo-and-trash.md): every role that changes
   * records; each kind in the trash also needs its own write permission.
   */
  'records:undo',
  /** The 파기 대장 and the retention rules (docs/privacy-lifecycle.md): super_admin and admin. */
  'privacy:read',
  /** Running the destruction of personal data past its retention: super_admin only. */
  'privacy:destroy',
  /** Data subjects' requests (열람·정정·삭제·처리정지): registering and handling them; super_admin and admin. */
  'privacy:handle',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READS = PERMISSIONS.filter(
  (p) => p.endsWith(':read') && p !== 'audit_logs:read' && p !== 'privacy:read',
);

const ADMIN_PERMISSIONS = PERMISSIONS.filter(
  (p) =>
    p !== 'settings:write' && p !== 'admins:manage' && p !== 'privacy:destroy' && p !== 'audit_logs:reopen',
) as readonly Permission[];

const BRANCH_MANAGER_PERMISSIONS: readonly Permission[] = [
  ...READS,
  'employers:write',
  'employers:approve',
  'workers:write',
  'workers:reveal',
  'job_posts:write',
  'resumes:write',
  'matchings:write',
  'reviews:moderate',
  'users:write',
  'payouts:write',
  'exports:run',
  'records:undo',
];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  super_admin: PERMISSIONS,
  admin: ADMIN_PERMISSIONS,
  branch_manager: BRANCH_MANAGER_PERMISSIONS,
  viewer: READS,
};

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** Roles whose records are limited to their own branch (enforced in SQL). */
export function isBranchScoped(role: Role): boolean {
  return role === 'branch_manager';
}

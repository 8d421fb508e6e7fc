import { isBranchScoped, type Role } from '@ilson/contracts';
import { type Column, eq, type SQL, sql } from 'drizzle-orm';

/**
 * Which branches' records an admin reaches: all of them, or one (a branch manager's own; none while
 * unassigned). Repositories put it into the WHERE of every query, so another branch's record is simply
 * not there (404, no existence leak).
 */
export type Scope = { all: true } | { all: false; branchId: number | null };

export function scopeOf(admin: { role: Role; branchId: number | null }): Scope {
  return isBranchScoped(admin.role) ? { all: false, branchId: admin.branchId } : { all: true };
}

export function scopeWhere(column: Column, scope: Scope): SQL | undefined {
  if (scope.all) return undefined;
  return scope.branchId === null ? sql`false` : eq(column, scope.branchId);
}

export function inScope(scope: Scope, branchId: number): boolean {
  return scope.all || scope.branchId === branchId;
}

/** A scope as part of a cache key (summary_cache): every branch, or one. */
export function scopeKey(scope: Scope): string {
  return scope.all ? 'all' : `branch-${scope.branchId ?? 'none'}`;
}

import { can, findTransition, type Permission, type Role, type Transition } from '@ilson/contracts';
import { expect } from 'vitest';
import type { Api } from './fixtures';

type Caller = { role: Role; api: Api };

/**
 * Walks every (from, to) pair of a resource's status table through `POST …/{id}/status`: a pair outside the
 * table is refused (409 INVALID_TRANSITION); a row of it is refused (403) to every caller lacking the route's
 * or the row's permission and applied for the first caller holding both. Callers go from the least to the most permitted (the last one
 * asks for the pairs outside the table); `prepare` makes a record in `from`.
 */
export async function walkTransitions<S extends string>(options: {
  statuses: readonly S[];
  table: readonly Transition<S, Permission>[];
  routePermission: Permission;
  callers: Caller[];
  prepare: (from: S) => Promise<{ id: number; version: number }>;
  url: (id: number) => string;
}) {
  let applied = 0;
  for (const from of options.statuses) {
    for (const to of options.statuses) {
      const record = await options.prepare(from);
      const body = { status: to, reason: '테스트 사유', version: record.version };
      const transition = findTransition(options.table, from, to);
      if (!transition) {
        const refused = await options.callers.at(-1)!.api.post(options.url(record.id), body);
        expect(refused.statusCode, `${from} → ${to}`).toBe(409);
        expect(refused.json().error.code).toBe('INVALID_TRANSITION');
        continue;
      }
      const allowed = (role: Role) => can(role, options.routePermission) && can(role, transition.permission);
      for (const caller of options.callers.filter((c) => !allowed(c.role))) {
        const response = await caller.api.post(options.url(record.id), body);
        expect(response.statusCode, `${caller.role}: ${from} → ${to}`).toBe(403);
      }
      const holder = options.callers.find((c) => allowed(c.role));
      expect(holder, `nobody may ${from} → ${to}`).toBeDefined();
      const response = await holder!.api.post(options.url(record.id), body);
      expect(response.statusCode, `${holder!.role}: ${from} → ${to} ${response.body}`).toBe(200);
      expect(response.json().status).toBe(to);
      applied++;
    }
  }
  expect(applied).toBe(options.table.length);
}

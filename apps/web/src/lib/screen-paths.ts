/**
 * The path of every screen behind the login, by its id (docs/web-app.md#screens): the screen table, the links of
 * the features and the browser suite's route lists read it, so a path is written once. Plain data and one function,
 * with no React, so the browser suite can import it.
 */
export const SCREEN_PATHS = {
  dashboard: '/dashboard',
  'employer-list': '/employers',
  'employer-new': '/employers/new',
  'employer-import': '/employers/import',
  'employer-detail': '/employers/:id',
  'worker-list': '/workers',
  'worker-new': '/workers/new',
  'worker-import': '/workers/import',
  'worker-visa-expiry': '/workers/visa-expiry',
  'worker-detail': '/workers/:id',
  'job-post-list': '/job-posts',
  'job-post-new': '/job-posts/new',
  'job-post-detail': '/job-posts/:id',
  'job-post-edit': '/job-posts/:id/edit',
  'matching-list': '/matchings',
  'matching-new': '/matchings/new',
  'matching-stats': '/matchings/stats',
  'matching-detail': '/matchings/:id',
  'notice-list': '/notices',
  'notice-new': '/notices/new',
  'notice-detail': '/notices/:id',
  'notice-edit': '/notices/:id/edit',
  'branch-list': '/branches',
  'branch-new': '/branches/new',
  'branch-edit': '/branches/:id/edit',
  'branch-detail': '/branches/:id',
  'resume-list': '/resumes',
  'resume-detail': '/resumes/:id',
  'resume-of-worker': '/resumes/workers/:workerId',
  'review-list': '/reviews',
  'review-moderation': '/reviews/moderation',
  'review-detail': '/reviews/:id',
  'user-list': '/users',
  'payout-list': '/payouts',
  'payout-new': '/payouts/new',
  'payout-detail': '/payouts/:id',
  'payout-edit': '/payouts/:id/edit',
  trash: '/trash',
  'privacy-requests': '/privacy/requests',
  'privacy-destructions': '/privacy/destructions',
  settings: '/settings',
  'settings-admins': '/settings/admins',
  'settings-logs': '/settings/logs',
  'settings-law': '/settings/law',
  'settings-network': '/settings/network',
} as const;

export type ScreenId = keyof typeof SCREEN_PATHS;

/** The `:name` parameters of a path, e.g. `'id'` of `/workers/:id`. */
type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type ScreenParams<I extends ScreenId> = Record<ParamsOf<(typeof SCREEN_PATHS)[I]>, string | number>;

/** A query string's values: left out when undefined, null or empty. */
export type ScreenQuery = Record<string, string | number | boolean | null | undefined> | URLSearchParams;

type HrefArgs<I extends ScreenId> = [ParamsOf<(typeof SCREEN_PATHS)[I]>] extends [never]
  ? [query?: ScreenQuery]
  : [params: ScreenParams<I>, query?: ScreenQuery];

/**
 * The link to a screen: `screenHref('worker-detail', { id: 7 })` is `/workers/7`,
 * `screenHref('worker-list', { branch_id: 3 })` is `/workers?branch_id=3`. A missing or unknown parameter is a type
 * error; values are URL-encoded.
 */
export function screenHref<I extends ScreenId>(id: I, ...args: HrefArgs<I>): string {
  const path: string = SCREEN_PATHS[id];
  const hasParams = path.includes(':');
  const params = (hasParams ? args[0] : undefined) as Record<string, string | number> | undefined;
  const query = (hasParams ? args[1] : args[0]) as ScreenQuery | undefined;
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`screenHref(${id}): no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  if (query instanceof URLSearchParams) {
    for (const [key, value] of query) search.append(key, value);
  } else if (query) {
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

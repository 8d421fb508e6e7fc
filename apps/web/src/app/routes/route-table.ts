import { matchRoutes } from 'react-router';
import { ko } from '../../locales/ko';

const p = ko.pages;
const m = ko.menu;

/** A breadcrumb level between 홈 and the page: the area and the list it belongs to. */
type Section = { label: string; path: string };

export type RouteMeta = {
  id: string;
  path: string;
  title: string;
  section?: Section;
  /** List views picked by `?status=` (docs/ARCHITECTURE.md#screens menu links): their own title and last crumb. */
  statusViews?: Record<string, { title: string; crumb: string }>;
};

const employers: Section = { label: m.employers, path: '/employers' };
const workers: Section = { label: m.workers, path: '/workers' };
const jobPosts: Section = { label: m.jobPosts, path: '/job-posts' };
const matchings: Section = { label: m.matchings, path: '/matchings' };
const notices: Section = { label: m.notices, path: '/notices' };
const branches: Section = { label: m.branches, path: '/branches' };
const resumes: Section = { label: m.resumes, path: '/resumes' };
const reviews: Section = { label: m.reviews, path: '/reviews' };
const users: Section = { label: m.users, path: '/users' };
const payouts: Section = { label: m.payouts, path: '/payouts' };
const settings: Section = { label: m.settings, path: '/settings' };

/** Every screen of docs/ARCHITECTURE.md#screens behind the login: router, breadcrumbs and document.title read this one table. */
export const ROUTE_TABLE = [
  { id: 'dashboard', path: '/dashboard', title: p.dashboard },

  {
    id: 'employer-list',
    path: '/employers',
    title: p.employerList,
    section: employers,
    statusViews: { pending: { title: p.employerPending, crumb: m.pending } },
  },
  { id: 'employer-new', path: '/employers/new', title: p.employerNew, section: employers },
  { id: 'employer-detail', path: '/employers/:id', title: p.employerDetail, section: employers },

  { id: 'worker-list', path: '/workers', title: p.workerList, section: workers },
  { id: 'worker-new', path: '/workers/new', title: p.workerNew, section: workers },
  { id: 'worker-visa-expiry', path: '/workers/visa-expiry', title: p.workerVisaExpiry, section: workers },
  { id: 'worker-detail', path: '/workers/:id', title: p.workerDetail, section: workers },

  {
    id: 'job-post-list',
    path: '/job-posts',
    title: p.jobPostList,
    section: jobPosts,
    statusViews: {
      pending: { title: p.jobPostPending, crumb: m.pending },
      active: { title: p.jobPostActive, crumb: m.active },
    },
  },
  { id: 'job-post-new', path: '/job-posts/new', title: p.jobPostNew, section: jobPosts },
  { id: 'job-post-detail', path: '/job-posts/:id', title: p.jobPostDetail, section: jobPosts },
  { id: 'job-post-edit', path: '/job-posts/:id/edit', title: p.jobPostEdit, section: jobPosts },

  { id: 'matching-list', path: '/matchings', title: p.matchingList, section: matchings },
  { id: 'matching-new', path: '/matchings/new', title: p.matchingNew, section: matchings },
  { id: 'matching-stats', path: '/matchings/stats', title: p.matchingStats, section: matchings },
  { id: 'matching-detail', path: '/matchings/:id', title: p.matchingDetail, section: matchings },

  { id: 'notice-list', path: '/notices', title: p.noticeList, section: notices },
  { id: 'notice-new', path: '/notices/new', title: p.noticeNew, section: notices },
  { id: 'notice-detail', path: '/notices/:id', title: p.noticeDetail, section: notices },
  { id: 'notice-edit', path: '/notices/:id/edit', title: p.noticeEdit, section: notices },

  { id: 'branch-list', path: '/branches', title: p.branchList, section: branches },
  { id: 'branch-new', path: '/branches/new', title: p.branchNew, section: branches },
  { id: 'branch-edit', path: '/branches/:id/edit', title: p.branchEdit, section: branches },
  { id: 'branch-detail', path: '/branches/:id', title: p.branchDetail, section: branches },

  {
    id: 'resume-list',
    path: '/resumes',
    title: p.resumeList,
    section: resumes,
    statusViews: {
      active: { title: p.resumePublic, crumb: m.resumePublic },
      draft: { title: p.resumeDraft, crumb: m.resumeDraft },
    },
  },
  { id: 'resume-detail', path: '/resumes/:id', title: p.resumeDetail, section: resumes },
  { id: 'resume-of-worker', path: '/resumes/workers/:workerId', title: p.resumeOfWorker, section: resumes },

  { id: 'review-list', path: '/reviews', title: p.reviewList, section: reviews },
  { id: 'review-moderation', path: '/reviews/moderation', title: p.reviewModeration, section: reviews },
  { id: 'review-detail', path: '/reviews/:id', title: p.reviewDetail, section: reviews },

  { id: 'user-list', path: '/users', title: p.userList, section: users },

  { id: 'payout-list', path: '/payouts', title: p.payoutList, section: payouts },
  { id: 'payout-new', path: '/payouts/new', title: p.payoutNew, section: payouts },
  { id: 'payout-detail', path: '/payouts/:id', title: p.payoutDetail, section: payouts },
  { id: 'payout-edit', path: '/payouts/:id/edit', title: p.payoutEdit, section: payouts },

  { id: 'settings', path: '/settings', title: p.settings, section: settings },
  { id: 'settings-admins', path: '/settings/admins', title: p.settingsAdmins, section: settings },
  { id: 'settings-logs', path: '/settings/logs', title: p.settingsLogs, section: settings },
] as const satisfies readonly RouteMeta[];

export type RouteEntry = (typeof ROUTE_TABLE)[number];
export type RouteId = RouteEntry['id'];

const byId = new Map<string, RouteEntry>(ROUTE_TABLE.map((route) => [route.id, route]));
const patterns = ROUTE_TABLE.map((route) => ({ id: route.id, path: route.path }));

/** The route-table entry a location shows, ranked as the router ranks (`/workers/new` before `/workers/:id`). */
export function findRoute(pathname: string): RouteEntry | undefined {
  const match = matchRoutes(patterns, pathname)?.at(-1);
  return match ? byId.get(match.route.id) : undefined;
}

export type Crumb = { label: string; path?: string };
export type PageInfo = { title: string; crumbs: Crumb[] };

/** Title and breadcrumbs of a screen, taking `?status=` list views into account. */
export function pageInfo(meta: RouteMeta, search: string): PageInfo {
  const status = new URLSearchParams(search).get('status');
  const view = status ? meta.statusViews?.[status] : undefined;
  const crumbs: Crumb[] = [{ label: p.home, path: '/dashboard' }];
  if (meta.section) crumbs.push({ label: meta.section.label, path: meta.section.path });
  crumbs.push({ label: view?.crumb ?? meta.title });
  return { title: view?.title ?? meta.title, crumbs };
}

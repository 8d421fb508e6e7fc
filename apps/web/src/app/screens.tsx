import {
  BankOutlined,
  CommentOutlined,
  DashboardOutlined,
  DeleteOutlined,
  FileTextOutlined,
  NotificationOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { Permission } from '@ilson/contracts';
import type { ComponentType, ReactNode } from 'react';
import { matchRoutes } from 'react-router';
import { SCREEN_PATHS, type ScreenId } from '../lib/screen-paths';
import { ko } from '../locales/ko/common';
import { type LazyPage, lazyPage } from './lazy';

/**
 * Every screen behind the login, declared once (docs/web-app.md#screens): its path, title, breadcrumb section,
 * `?status=` views, page, the permission it needs and its place in the sider menu. The router, the menu,
 * breadcrumbs and the document title all read this table.
 */

const p = ko.pages;
const m = ko.menu;

/** The sider's groups, with their icons. Their order and that of the top-level links is MENU_ORDER's. */
const GROUPS = {
  employers: { label: m.employers, icon: <ShopOutlined aria-hidden /> },
  workers: { label: m.workers, icon: <TeamOutlined aria-hidden /> },
  'job-posts': { label: m.jobPosts, icon: <ProfileOutlined aria-hidden /> },
  notices: { label: m.notices, icon: <NotificationOutlined aria-hidden /> },
  resumes: { label: m.resumes, icon: <FileTextOutlined aria-hidden /> },
  matchings: { label: m.matchings, icon: <SolutionOutlined aria-hidden /> },
  reviews: { label: m.reviews, icon: <CommentOutlined aria-hidden /> },
  privacy: { label: m.privacy, icon: <SafetyOutlined aria-hidden /> },
} as const;
type GroupKey = keyof typeof GROUPS;

/** A breadcrumb level between 홈 and the page: the area and the list it belongs to. */
type Section = { label: string; path: string };

/** A link in the menu: in a group (ordered within it), or at the top level with its own icon. */
type MenuPlace = { label: string } & ({ group: GroupKey; order: number } | { icon: ReactNode });

/** A list view picked by `?status=`: its own title and last crumb, and its menu link when it has one. */
type StatusView = { title: string; crumb: string; menu?: { group: GroupKey; order: number; label: string } };

export type Screen = {
  id: string;
  path: string;
  title: string;
  section: Section | null;
  statusViews: Record<string, StatusView>;
  page: LazyPage<ComponentType>;
  /** Needed to open the screen; the menu hides it and the address shows a 403 page without it. */
  permission: Permission;
  menu: MenuPlace | null;
};

const section = (label: string, path: string): Section => ({ label, path });
const employers = section(m.employers, SCREEN_PATHS['employer-list']);
const workers = section(m.workers, SCREEN_PATHS['worker-list']);
const jobPosts = section(m.jobPosts, SCREEN_PATHS['job-post-list']);
const matchings = section(m.matchings, SCREEN_PATHS['matching-list']);
const notices = section(m.notices, SCREEN_PATHS['notice-list']);
const branches = section(m.branches, SCREEN_PATHS['branch-list']);
const resumes = section(m.resumes, SCREEN_PATHS['resume-list']);
const reviews = section(m.reviews, SCREEN_PATHS['review-list']);
const users = section(m.users, SCREEN_PATHS['user-list']);
const payouts = section(m.payouts, SCREEN_PATHS['payout-list']);
const settings = section(m.settings, SCREEN_PATHS.settings);
const privacy = section(m.privacy, SCREEN_PATHS['privacy-requests']);

const branchForm = lazyPage(() => import('../features/branches/branch-form-page'));
const jobPostForm = lazyPage(() => import('../features/job-posts/job-post-form-page'));
const noticeForm = lazyPage(() => import('../features/notices/notice-form-page'));
const payoutForm = lazyPage(() => import('../features/payouts/payout-form-page'));

type ScreenInput = Omit<Screen, 'id' | 'path' | 'section' | 'statusViews' | 'menu'> & {
  id: ScreenId;
} & Partial<Pick<Screen, 'section' | 'statusViews' | 'menu'>>;
/** A screen of the table; its path is its id's in SCREEN_PATHS. */
const screen = <const S extends ScreenInput>(input: S) =>
  ({ section: null, statusViews: {}, menu: null, ...input, path: SCREEN_PATHS[input.id] }) as S &
    Screen & { path: (typeof SCREEN_PATHS)[S['id']] };

export const SCREENS = [
  screen({
    id: 'dashboard',
    title: p.dashboard,
    page: lazyPage(() => import('./routes/dashboard-page')),
    permission: 'dashboard:read',
    menu: { label: m.dashboard, icon: <DashboardOutlined aria-hidden /> },
  }),

  screen({
    id: 'employer-list',
    title: p.employerList,
    section: employers,
    statusViews: {
      pending: {
        title: p.employerPending,
        crumb: m.pending,
        menu: { group: 'employers', order: 2, label: m.pending },
      },
    },
    page: lazyPage(() => import('../features/employers/employer-list-page')),
    permission: 'employers:read',
    menu: { group: 'employers', order: 1, label: m.all },
  }),
  screen({
    id: 'employer-new',
    title: p.employerNew,
    section: employers,
    page: lazyPage(() => import('../features/employers/employer-new-page')),
    permission: 'employers:write',
  }),
  screen({
    id: 'employer-import',
    title: p.employerImport,
    section: employers,
    page: lazyPage(() => import('../features/imports/employer-import-page')),
    permission: 'employers:write',
    menu: { group: 'employers', order: 3, label: m.import },
  }),
  screen({
    id: 'employer-detail',
    title: p.employerDetail,
    section: employers,
    page: lazyPage(() => import('./routes/employer-detail-route')),
    permission: 'employers:read',
  }),

  screen({
    id: 'worker-list',
    title: p.workerList,
    section: workers,
    page: lazyPage(() => import('../features/workers/worker-list-page')),
    permission: 'workers:read',
    menu: { group: 'workers', order: 1, label: m.all },
  }),
  screen({
    id: 'worker-new',
    title: p.workerNew,
    section: workers,
    page: lazyPage(() => import('../features/workers/worker-new-page')),
    permission: 'workers:write',
    menu: { group: 'workers', order: 3, label: m.newWorker },
  }),
  screen({
    id: 'worker-import',
    title: p.workerImport,
    section: workers,
    page: lazyPage(() => import('../features/imports/worker-import-page')),
    permission: 'workers:write',
    menu: { group: 'workers', order: 4, label: m.import },
  }),
  screen({
    id: 'worker-visa-expiry',
    title: p.workerVisaExpiry,
    section: workers,
    page: lazyPage(() => import('../features/workers/visa-expiry-page')),
    permission: 'workers:read',
    menu: { group: 'workers', order: 2, label: m.visaExpiry },
  }),
  screen({
    id: 'worker-detail',
    title: p.workerDetail,
    section: workers,
    page: lazyPage(() => import('./routes/worker-detail-route')),
    permission: 'workers:read',
  }),

  screen({
    id: 'job-post-list',
    title: p.jobPostList,
    section: jobPosts,
    statusViews: {
      pending: {
        title: p.jobPostPending,
        crumb: m.pending,
        menu: { group: 'job-posts', order: 2, label: m.pending },
      },
      active: {
        title: p.jobPostActive,
        crumb: m.active,
        menu: { group: 'job-posts', order: 3, label: m.active },
      },
    },
    page: lazyPage(() => import('../features/job-posts/job-post-list-page')),
    permission: 'job_posts:read',
    menu: { group: 'job-posts', order: 1, label: m.all },
  }),
  screen({
    id: 'job-post-new',
    title: p.jobPostNew,
    section: jobPosts,
    page: jobPostForm,
    permission: 'job_posts:write',
  }),
  screen({
    id: 'job-post-detail',
    title: p.jobPostDetail,
    section: jobPosts,
    page: lazyPage(() => import('./routes/job-post-detail-route')),
    permission: 'job_posts:read',
  }),
  screen({
    id: 'job-post-edit',
    title: p.jobPostEdit,
    section: jobPosts,
    page: jobPostForm,
    permission: 'job_posts:write',
  }),

  screen({
    id: 'matching-list',
    title: p.matchingList,
    section: matchings,
    page: lazyPage(() => import('../features/matchings/matching-list-page')),
    permission: 'matchings:read',
    menu: { group: 'matchings', order: 1, label: m.matchingStatus },
  }),
  screen({
    id: 'matching-new',
    title: p.matchingNew,
    section: matchings,
    page: lazyPage(() => import('../features/matchings/matching-new-page')),
    permission: 'matchings:write',
  }),
  screen({
    id: 'matching-stats',
    title: p.matchingStats,
    section: matchings,
    page: lazyPage(() => import('../features/matchings/stats/matching-stats-page')),
    permission: 'matchings:read',
    menu: { group: 'matchings', order: 2, label: m.matchingStats },
  }),
  screen({
    id: 'matching-detail',
    title: p.matchingDetail,
    section: matchings,
    page: lazyPage(() => import('../features/matchings/matching-detail-page')),
    permission: 'matchings:read',
  }),

  screen({
    id: 'notice-list',
    title: p.noticeList,
    section: notices,
    page: lazyPage(() => import('../features/notices/notice-list-page')),
    permission: 'notices:read',
    menu: { group: 'notices', order: 1, label: m.all },
  }),
  screen({
    id: 'notice-new',
    title: p.noticeNew,
    section: notices,
    page: noticeForm,
    permission: 'notices:write',
    menu: { group: 'notices', order: 2, label: m.newNotice },
  }),
  screen({
    id: 'notice-detail',
    title: p.noticeDetail,
    section: notices,
    page: lazyPage(() => import('../features/notices/notice-detail-page')),
    permission: 'notices:read',
  }),
  screen({
    id: 'notice-edit',
    title: p.noticeEdit,
    section: notices,
    page: noticeForm,
    permission: 'notices:write',
  }),

  screen({
    id: 'branch-list',
    title: p.branchList,
    section: branches,
    page: lazyPage(() => import('../features/branches/branch-list-page')),
    permission: 'branches:read',
    menu: { label: m.branches, icon: <BankOutlined aria-hidden /> },
  }),
  screen({
    id: 'branch-new',
    title: p.branchNew,
    section: branches,
    page: branchForm,
    permission: 'branches:write',
  }),
  screen({
    id: 'branch-edit',
    title: p.branchEdit,
    section: branches,
    page: branchForm,
    permission: 'branches:write',
  }),
  screen({
    id: 'branch-detail',
    title: p.branchDetail,
    section: branches,
    page: lazyPage(() => import('../features/branches/branch-detail-page')),
    permission: 'branches:read',
  }),

  screen({
    id: 'resume-list',
    title: p.resumeList,
    section: resumes,
    statusViews: {
      active: {
        title: p.resumePublic,
        crumb: m.resumePublic,
        menu: { group: 'resumes', order: 2, label: m.resumePublic },
      },
      draft: {
        title: p.resumeDraft,
        crumb: m.resumeDraft,
        menu: { group: 'resumes', order: 3, label: m.resumeDraft },
      },
    },
    page: lazyPage(() => import('../features/resumes/resume-list-page')),
    permission: 'resumes:read',
    menu: { group: 'resumes', order: 1, label: m.all },
  }),
  screen({
    id: 'resume-detail',
    title: p.resumeDetail,
    section: resumes,
    page: lazyPage(() => import('../features/resumes/resume-detail-page')),
    permission: 'resumes:read',
  }),
  screen({
    id: 'resume-of-worker',
    title: p.resumeOfWorker,
    section: resumes,
    page: lazyPage(() => import('../features/resumes/worker-resumes-page')),
    permission: 'resumes:read',
  }),

  screen({
    id: 'review-list',
    title: p.reviewList,
    section: reviews,
    page: lazyPage(() => import('../features/reviews/review-list-page')),
    permission: 'reviews:read',
    menu: { group: 'reviews', order: 1, label: m.reviewList },
  }),
  screen({
    id: 'review-moderation',
    title: p.reviewModeration,
    section: reviews,
    page: lazyPage(() => import('../features/reviews/moderation/moderation-page')),
    permission: 'reviews:read',
    menu: { group: 'reviews', order: 2, label: m.reviewModeration },
  }),
  screen({
    id: 'review-detail',
    title: p.reviewDetail,
    section: reviews,
    page: lazyPage(() => import('../features/reviews/review-detail-page')),
    permission: 'reviews:read',
  }),

  screen({
    id: 'user-list',
    title: p.userList,
    section: users,
    page: lazyPage(() => import('../features/app-users/user-list-page')),
    permission: 'users:read',
    menu: { label: m.users, icon: <UserOutlined aria-hidden /> },
  }),

  screen({
    id: 'payout-list',
    title: p.payoutList,
    section: payouts,
    page: lazyPage(() => import('../features/payouts/payout-list-page')),
    permission: 'payouts:read',
    menu: { label: m.payouts, icon: <WalletOutlined aria-hidden /> },
  }),
  screen({
    id: 'payout-new',
    title: p.payoutNew,
    section: payouts,
    page: payoutForm,
    permission: 'payouts:write',
  }),
  screen({
    id: 'payout-detail',
    title: p.payoutDetail,
    section: payouts,
    page: lazyPage(() => import('../features/payouts/payout-detail-page')),
    permission: 'payouts:read',
  }),
  screen({
    id: 'payout-edit',
    title: p.payoutEdit,
    section: payouts,
    page: payoutForm,
    permission: 'payouts:write',
  }),

  screen({
    id: 'trash',
    title: p.trash,
    section: null,
    page: lazyPage(() => import('../features/trash/trash-page')),
    permission: 'records:undo',
    menu: { label: m.trash, icon: <DeleteOutlined aria-hidden /> },
  }),

  screen({
    id: 'privacy-requests',
    title: p.privacyRequests,
    section: privacy,
    page: lazyPage(() => import('../features/privacy/requests-page')),
    permission: 'privacy:read',
    menu: { label: m.privacyRequests, group: 'privacy', order: 0 },
  }),
  screen({
    id: 'privacy-destructions',
    title: p.destructions,
    section: privacy,
    page: lazyPage(() => import('../features/privacy/destruction-register-page')),
    permission: 'privacy:read',
    menu: { label: m.destructions, group: 'privacy', order: 1 },
  }),

  screen({
    id: 'settings',
    title: p.settings,
    section: settings,
    page: lazyPage(() => import('../features/settings/settings-page')),
    permission: 'settings:read',
    menu: { label: m.settings, icon: <SettingOutlined aria-hidden /> },
  }),
  screen({
    id: 'settings-admins',
    title: p.settingsAdmins,
    section: settings,
    page: lazyPage(() => import('../features/admins/admin-list-page')),
    permission: 'admins:manage',
  }),
  screen({
    id: 'settings-logs',
    title: p.settingsLogs,
    section: settings,
    page: lazyPage(() => import('../features/audit-logs/audit-log-page')),
    permission: 'audit_logs:read',
  }),
  screen({
    id: 'settings-law',
    title: p.settingsLaw,
    section: settings,
    page: lazyPage(() => import('../features/settings/law-tables-page')),
    // Read-only and no personal data: every admin may see which rules the product applies.
    permission: 'settings:read',
  }),
  screen({
    id: 'settings-network',
    title: p.settingsNetwork,
    section: settings,
    page: lazyPage(() => import('../features/settings/network-rules-page')),
    permission: 'admins:manage',
  }),
] as const satisfies readonly Screen[];

export type { ScreenId };

/** The sider's top level, in the product's order: groups by key, single links by their screen's id. */
const MENU_ORDER: readonly (GroupKey | ScreenId)[] = [
  'dashboard',
  'employers',
  'workers',
  'job-posts',
  'notices',
  'resumes',
  'matchings',
  'branch-list',
  'reviews',
  'user-list',
  'payout-list',
  'trash',
  'privacy',
  'settings',
];

const byId = new Map<string, Screen>(SCREENS.map((entry) => [entry.id, entry]));
const patterns = SCREENS.map((entry) => ({ id: entry.id, path: entry.path }));

/** The screen a location shows, ranked as the router ranks (`/workers/new` before `/workers/:id`). */
export function findScreen(pathname: string): Screen | undefined {
  const match = matchRoutes(patterns, pathname)?.at(-1);
  return match ? byId.get(match.route.id) : undefined;
}

export type Crumb = { label: string; path?: string };
export type PageInfo = { title: string; crumbs: Crumb[] };

/** Title and breadcrumbs of a screen, taking `?status=` list views into account. */
export function pageInfo(entry: Screen, search: string): PageInfo {
  const status = new URLSearchParams(search).get('status');
  const view = status ? entry.statusViews[status] : undefined;
  const crumbs: Crumb[] = [{ label: p.home, path: SCREEN_PATHS.dashboard }];
  if (entry.section) crumbs.push({ label: entry.section.label, path: entry.section.path });
  crumbs.push({ label: view?.crumb ?? entry.title });
  return { title: view?.title ?? entry.title, crumbs };
}

export type MenuLink = { key: string; label: string; to: string; icon?: ReactNode };
export type MenuGroup = { key: string; label: string; icon: ReactNode; children: MenuLink[] };
export type MenuEntry = MenuLink | MenuGroup;

export function isGroup(entry: MenuEntry): entry is MenuGroup {
  return 'children' in entry;
}

/**
 * The sider menu of a user who may open what `allowed` says: the screens they cannot open are left out, and a
 * group left empty goes too. A link's key is its target, query string included.
 */
export function menuFor(allowed: (permission: Permission) => boolean = () => true): MenuEntry[] {
  const visible = SCREENS.filter((entry: Screen) => entry.menu && allowed(entry.permission)) as Screen[];
  const inGroup = (group: GroupKey) =>
    visible
      .flatMap((entry) => {
        const links: { order: number; link: MenuLink }[] = [];
        const place = entry.menu;
        if (place && 'group' in place && place.group === group) {
          links.push({ order: place.order, link: { key: entry.path, label: place.label, to: entry.path } });
        }
        for (const [status, view] of Object.entries(entry.statusViews)) {
          if (view.menu?.group !== group) continue;
          const to = `${entry.path}?status=${status}`;
          links.push({ order: view.menu.order, link: { key: to, label: view.menu.label, to } });
        }
        return links;
      })
      .sort((a, b) => a.order - b.order)
      .map(({ link }) => link);

  return MENU_ORDER.flatMap((key): MenuEntry[] => {
    if (key in GROUPS) {
      const group = GROUPS[key as GroupKey];
      const children = inGroup(key as GroupKey);
      return children.length > 0 ? [{ key, label: group.label, icon: group.icon, children }] : [];
    }
    const entry = visible.find((candidate) => candidate.id === key);
    const place = entry?.menu;
    if (!entry || !place || !('icon' in place)) return [];
    return [{ key: entry.path, label: place.label, to: entry.path, icon: place.icon }];
  });
}

import { ko } from '../locales/ko';

const m = ko.menu;

export type MenuLink = { key: string; label: string; to: string };
export type MenuGroup = { key: string; label: string; children: MenuLink[] };
export type MenuEntry = MenuLink | MenuGroup;

const link = (label: string, to: string): MenuLink => ({ key: to, label, to });

/** docs/ARCHITECTURE.md#screens sidebar menu, in its order. A link's key is its target, query string included. */
export const MENU: MenuEntry[] = [
  link(m.dashboard, '/dashboard'),
  {
    key: 'employers',
    label: m.employers,
    children: [link(m.all, '/employers'), link(m.pending, '/employers?status=pending')],
  },
  {
    key: 'workers',
    label: m.workers,
    children: [
      link(m.all, '/workers'),
      link(m.visaExpiry, '/workers/visa-expiry'),
      link(m.newWorker, '/workers/new'),
    ],
  },
  {
    key: 'job-posts',
    label: m.jobPosts,
    children: [
      link(m.all, '/job-posts'),
      link(m.pending, '/job-posts?status=pending'),
      link(m.active, '/job-posts?status=active'),
    ],
  },
  {
    key: 'notices',
    label: m.notices,
    children: [link(m.all, '/notices'), link(m.newNotice, '/notices/new')],
  },
  {
    key: 'resumes',
    label: m.resumes,
    children: [
      link(m.all, '/resumes'),
      link(m.resumePublic, '/resumes?status=active'),
      link(m.resumeDraft, '/resumes?status=draft'),
    ],
  },
  {
    key: 'matchings',
    label: m.matchings,
    children: [link(m.matchingStatus, '/matchings'), link(m.matchingStats, '/matchings/stats')],
  },
  link(m.branches, '/branches'),
  {
    key: 'reviews',
    label: m.reviews,
    children: [link(m.reviewList, '/reviews'), link(m.reviewModeration, '/reviews/moderation')],
  },
  link(m.users, '/users'),
  link(m.payouts, '/payouts'),
  link(m.settings, '/settings'),
];

export function isGroup(entry: MenuEntry): entry is MenuGroup {
  return 'children' in entry;
}

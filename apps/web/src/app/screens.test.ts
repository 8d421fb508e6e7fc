import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { can, PERMISSIONS, type Permission, type Role } from '@ilson/contracts';
import { describe, expect, it } from 'vitest';
import { findScreen, isGroup, menuFor, pageInfo, SCREENS } from './screens';

const SPEC_ROUTES = [
  '/dashboard',
  '/employers',
  '/employers/new',
  '/employers/import',
  '/employers/:id',
  '/workers',
  '/workers/new',
  '/workers/import',
  '/workers/visa-expiry',
  '/workers/:id',
  '/job-posts',
  '/job-posts/new',
  '/job-posts/:id',
  '/job-posts/:id/edit',
  '/matchings',
  '/matchings/new',
  '/matchings/stats',
  '/matchings/:id',
  '/notices',
  '/notices/new',
  '/notices/:id',
  '/notices/:id/edit',
  '/branches',
  '/branches/new',
  '/branches/:id/edit',
  '/branches/:id',
  '/resumes',
  '/resumes/:id',
  '/resumes/workers/:workerId',
  '/reviews',
  '/reviews/moderation',
  '/reviews/:id',
  '/users',
  '/payouts',
  '/payouts/new',
  '/payouts/:id',
  '/payouts/:id/edit',
  '/settings',
  '/settings/admins',
  '/settings/logs',
  '/settings/law',
  '/settings/network',
  '/trash',
  '/privacy/requests',
  '/privacy/destructions',
];

describe('route table', () => {
  it('holds exactly the routes of docs/web-app.md#screens behind the login', () => {
    expect(SCREENS.map((route) => route.path).sort()).toEqual([...SPEC_ROUTES].sort());
  });

  it('ranks static segments before parameters', () => {
    expect(findScreen('/workers/new')?.id).toBe('worker-new');
    expect(findScreen('/workers/visa-expiry')?.id).toBe('worker-visa-expiry');
    expect(findScreen('/workers/42')?.id).toBe('worker-detail');
    expect(findScreen('/resumes/workers/3')?.id).toBe('resume-of-worker');
    expect(findScreen('/nowhere')).toBeUndefined();
  });

  it('builds title and breadcrumbs, taking ?status= views into account', () => {
    const employers = findScreen('/employers')!;
    expect(pageInfo(employers, '?status=pending')).toEqual({
      title: '승인 대기 사업주',
      crumbs: [
        { label: '홈', path: '/dashboard' },
        { label: '사업주 관리', path: '/employers' },
        { label: '승인 대기' },
      ],
    });
    expect(pageInfo(employers, '').title).toBe('사업주 목록');
    expect(pageInfo(findScreen('/employers/5')!, '').crumbs.map((crumb) => crumb.label)).toEqual([
      '홈',
      '사업주 관리',
      '사업주 상세',
    ]);
    expect(pageInfo(findScreen('/dashboard')!, '').crumbs.map((crumb) => crumb.label)).toEqual([
      '홈',
      '대시보드',
    ]);
  });
});

describe('one declaration per screen', () => {
  // Run from the repository or from apps/web.
  const src = path.resolve(existsSync('apps/web/src') ? 'apps/web/src' : 'src');
  const table = readFileSync(path.join(src, 'app/screens.tsx'), 'utf8');
  /** The modules the table loads, and the pages a route module of the table renders. */
  const loaded = new Set<string>();
  for (const [, target] of table.matchAll(/import\('(\.[^']+)'\)/g)) {
    const file = path.resolve(src, 'app', `${target}.tsx`);
    loaded.add(file);
    for (const [, inner] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+-page)'/g)) {
      loaded.add(path.resolve(path.dirname(file), `${inner}.tsx`));
    }
  }
  const PUBLIC = [
    'forgot-password-page.tsx',
    'forced-password-change-page.tsx',
    'forced-second-factor-page.tsx',
  ];
  const pages = [
    ...readdirSync(path.join(src, 'features'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /-page\.tsx$/.test(file))
      .map((file) => path.join(src, 'features', file)),
    ...readdirSync(path.join(src, 'app/routes'))
      .filter((file) => /-(page|route)\.tsx$/.test(file) && !PUBLIC.includes(file))
      .map((file) => path.join(src, 'app/routes', file)),
  ];

  it('has an entry for every page file', () => {
    expect(pages.length).toBeGreaterThan(30);
    expect(pages.filter((file) => !loaded.has(file)).map((file) => path.relative(src, file))).toEqual([]);
  });

  it('gives every screen a permission the role table knows, and unique ids and paths', () => {
    for (const entry of SCREENS) expect(PERMISSIONS, entry.id).toContain(entry.permission);
    expect(new Set(SCREENS.map((entry) => entry.id)).size).toBe(SCREENS.length);
    expect(new Set(SCREENS.map((entry) => entry.path)).size).toBe(SCREENS.length);
  });
});

describe('the menu of a role', () => {
  const labels = (role: Role) =>
    menuFor((permission) => can(role, permission)).flatMap((entry) =>
      isGroup(entry)
        ? [entry.label, ...entry.children.map((child) => `${entry.label} › ${child.label}`)]
        : [entry.label],
    );

  it('shows a super admin every screen of the menu', () => {
    expect(labels('super_admin')).toContain('근로자 관리 › 신규 등록');
    expect(labels('super_admin')).toContain('공지사항 관리 › 새 공지 작성');
    expect(labels('super_admin')).toHaveLength(labels('admin').length);
  });

  it('hides from a viewer what only writers open, and keeps the reads', () => {
    const viewer = labels('viewer');
    expect(viewer).not.toContain('근로자 관리 › 신규 등록');
    expect(viewer).not.toContain('공지사항 관리 › 새 공지 작성');
    expect(viewer).toContain('근로자 관리 › 비자 만료 임박');
    expect(viewer).toContain('공지사항 관리 › 전체');
    expect(viewer).toContain('설정');
  });

  it('leaves out a group none of whose screens the role opens', () => {
    const allowed = (permission: Permission) =>
      permission !== 'notices:read' && permission !== 'notices:write';
    expect(menuFor(allowed).map((entry) => entry.label)).not.toContain('공지사항 관리');
  });

  it('hides from a branch manager the notices they cannot write', () => {
    const manager = labels('branch_manager');
    expect(manager).not.toContain('공지사항 관리 › 새 공지 작성');
    expect(manager).toContain('근로자 관리 › 신규 등록');
  });
});

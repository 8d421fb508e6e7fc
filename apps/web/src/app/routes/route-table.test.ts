import { describe, expect, it } from 'vitest';
import { findRoute, pageInfo, ROUTE_TABLE } from './route-table';

const SPEC_ROUTES = [
  '/dashboard',
  '/employers',
  '/employers/new',
  '/employers/:id',
  '/workers',
  '/workers/new',
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
];

describe('route table', () => {
  it('holds exactly the routes of docs/ARCHITECTURE.md#screens behind the login', () => {
    expect(ROUTE_TABLE.map((route) => route.path).sort()).toEqual([...SPEC_ROUTES].sort());
  });

  it('ranks static segments before parameters', () => {
    expect(findRoute('/workers/new')?.id).toBe('worker-new');
    expect(findRoute('/workers/visa-expiry')?.id).toBe('worker-visa-expiry');
    expect(findRoute('/workers/42')?.id).toBe('worker-detail');
    expect(findRoute('/resumes/workers/3')?.id).toBe('resume-of-worker');
    expect(findRoute('/nowhere')).toBeUndefined();
  });

  it('builds title and breadcrumbs, taking ?status= views into account', () => {
    const employers = findRoute('/employers')!;
    expect(pageInfo(employers, '?status=pending')).toEqual({
      title: '승인 대기 사업주',
      crumbs: [
        { label: '홈', path: '/dashboard' },
        { label: '사업주 관리', path: '/employers' },
        { label: '승인 대기' },
      ],
    });
    expect(pageInfo(employers, '').title).toBe('사업주 목록');
    expect(pageInfo(findRoute('/employers/5')!, '').crumbs.map((crumb) => crumb.label)).toEqual([
      '홈',
      '사업주 관리',
      '사업주 상세',
    ]);
    expect(pageInfo(findRoute('/dashboard')!, '').crumbs.map((crumb) => crumb.label)).toEqual([
      '홈',
      '대시보드',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { selectMenu } from './menu-selection';

describe('selectMenu (the group of the current path opens by itself)', () => {
  it.each([
    ['/dashboard', '', '/dashboard', null],
    ['/workers/visa-expiry', '', '/workers/visa-expiry', 'workers'],
    ['/workers/new', '', '/workers/new', 'workers'],
    ['/workers/12', '', '/workers', 'workers'],
    ['/employers', '?status=pending', '/employers?status=pending', 'employers'],
    ['/employers', '?status=pending&page=2', '/employers?status=pending', 'employers'],
    ['/employers', '?status=rejected', '/employers', 'employers'],
    ['/employers/5', '?status=pending', '/employers', 'employers'],
    ['/job-posts', '?status=active', '/job-posts?status=active', 'job-posts'],
    ['/job-posts/3/edit', '', '/job-posts', 'job-posts'],
    ['/resumes', '?status=draft', '/resumes?status=draft', 'resumes'],
    ['/resumes/workers/9', '', '/resumes', 'resumes'],
    ['/matchings/stats', '', '/matchings/stats', 'matchings'],
    ['/matchings/new', '', '/matchings', 'matchings'],
    ['/reviews/moderation', '', '/reviews/moderation', 'reviews'],
    ['/notices/new', '', '/notices/new', 'notices'],
    ['/branches/2/edit', '', '/branches', null],
    ['/settings/logs', '', '/settings', null],
  ])('%s%s → item %s, group %s', (pathname, search, selectedKey, openKey) => {
    expect(selectMenu(pathname, search)).toEqual({ selectedKey, openKey });
  });

  it('selects nothing for a path outside the menu', () => {
    expect(selectMenu('/employersx', '')).toEqual({ selectedKey: null, openKey: null });
  });
});

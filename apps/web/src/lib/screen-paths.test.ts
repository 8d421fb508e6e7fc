import { describe, expect, it } from 'vitest';
import { SCREENS } from '../app/screens';
import { SCREEN_PATHS, type ScreenId, screenHref } from './screen-paths';

describe('screenHref', () => {
  it('fills the parameters, encoded, and appends the query without empty values', () => {
    expect(screenHref('worker-detail', { id: 7 })).toBe('/workers/7');
    expect(screenHref('resume-of-worker', { workerId: 12 })).toBe('/resumes/workers/12');
    expect(screenHref('job-post-edit', { id: '3' })).toBe('/job-posts/3/edit');
    expect(
      screenHref('worker-list', { branch_id: 3, q: '응우옌 반', status: undefined, visa: null, x: '' }),
    ).toBe('/workers?branch_id=3&q=%EC%9D%91%EC%9A%B0%EC%98%8C+%EB%B0%98');
    expect(screenHref('matching-new', { job_post_id: 5 })).toBe('/matchings/new?job_post_id=5');
    expect(screenHref('settings-logs', new URLSearchParams([['id', '9']]))).toBe('/settings/logs?id=9');
    expect(screenHref('notice-detail', { id: 'a/b' })).toBe('/notices/a%2Fb');
  });

  it('refuses a missing parameter at run time too (the type refuses it first)', () => {
    // @ts-expect-error the detail screen needs its id
    expect(() => screenHref('worker-detail', {})).toThrow(/:id/);
  });

  it('every path belongs to one screen of the table, and every screen takes its path from here', () => {
    const ids = Object.keys(SCREEN_PATHS) as ScreenId[];
    expect(SCREENS.map((screen) => screen.id).sort()).toEqual([...ids].sort());
    for (const screen of SCREENS) expect(screen.path).toBe(SCREEN_PATHS[screen.id]);
  });
});

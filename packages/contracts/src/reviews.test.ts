import { describe, expect, it } from 'vitest';
import { reviewTransitionsFor } from './reviews';

describe('reviewTransitionsFor', () => {
  const moderator = () => true;

  it('offers keeping a published review only while it has reports', () => {
    const actions = (reportCount: number) =>
      reviewTransitionsFor({ status: 'published', reportCount }, moderator).map((t) => t.action);
    expect(actions(0)).toEqual(['hide']);
    expect(actions(2)).toEqual(['hide', 'dismiss_reports']);
  });

  it('offers publish and hide for a pending review, nothing without the permission', () => {
    expect(reviewTransitionsFor({ status: 'pending', reportCount: 0 }, moderator).map((t) => t.to)).toEqual([
      'published',
      'hidden',
    ]);
    expect(reviewTransitionsFor({ status: 'pending', reportCount: 0 }, () => false)).toEqual([]);
  });
});

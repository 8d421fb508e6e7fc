import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../app/lazy';
import { ErrorBoundary } from './error-boundary';
import { PageSpinner } from './spinners';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lazy pages', () => {
  it('show a centred loading spinner, then a reload offer when the chunk fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail: (error: Error) => void = () => {};
    const Broken = lazyPage(() => new Promise<{ default: () => null }>((_, reject) => (fail = reject)));
    render(
      <ErrorBoundary>
        <Suspense fallback={<PageSpinner />}>
          <Broken />
        </Suspense>
      </ErrorBoundary>,
    );

    expect(screen.getByRole('status', { name: '로딩 중...' })).toBeTruthy();
    fail(new TypeError('Failed to fetch dynamically imported module'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('화면을 불러오지 못했습니다')).toBeTruthy();
    expect(screen.getByRole('button', { name: '새로고침' })).toBeTruthy();
  });
});

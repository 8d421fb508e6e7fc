import { REFRESH_TOKEN_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@ilson/contracts';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { api } from '../api/client';
import { AppProviders } from '../app/providers';
import { AppRouter } from '../app/router';
import { pageNavigation } from '../auth/page-handoff';
import type { MockServer } from './mock-server';

function LocationProbe({ onChange }: { onChange: (location: string) => void }) {
  const { pathname, search } = useLocation();
  onChange(pathname + search);
  return null;
}

export function signIn(token = 'access-1', refreshToken = 'refresh-1') {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  window.localStorage.setItem(REFRESH_TOKEN_STORAGE_KEY, refreshToken);
}

/**
 * The whole app with its real providers and routes, talking to a mock server over the real API client. A full
 * navigation (to the plain login page, docs/wire.md#the-login-page) is recorded as the location, not followed.
 */
export function renderApp(path: string, server: MockServer) {
  api.defaults.adapter = server.adapter;
  let location = path;
  vi.spyOn(pageNavigation, 'replace').mockImplementation((url) => {
    location = url;
  });
  const view = render(
    <AppProviders>
      <MemoryRouter initialEntries={[path]}>
        <AppRouter />
        <LocationProbe
          onChange={(next) => {
            location = next;
          }}
        />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, location: () => location };
}

import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy pages compile on first import under vitest; give them time — on CI the server suites run beside these, and
// the first render of a page took more than 5 s there. A waiting query still fails if what it waits for never comes.
configure({ asyncUtilTimeout: 12_000 });

// antd's responsive helpers call matchMedia, which happy-dom lacks.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

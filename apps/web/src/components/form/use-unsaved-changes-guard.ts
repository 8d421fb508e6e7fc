import { App } from 'antd';
import { useCallback, useContext, useEffect, useRef } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';
import { koKit } from '../../locales/ko/kit';

type GuardedNavigator = {
  push(...args: unknown[]): void;
  replace(...args: unknown[]): void;
  go(delta: number): void;
};

/**
 * Asks before leaving a form with unsaved input: in-app navigation (links, the sidebar, `navigate()`), the
 * browser's back and forward buttons, and closing or reloading the tab.
 *
 * React Router's `useBlocker` needs a data router; the app uses the declarative one (a data router would add
 * ~17 KB gzip to the login bundle, over its budget), so this intercepts the router's navigator instead.
 * Returns `leave(fn)`: run a navigation that must not ask, such as the one after a successful save.
 */
export function useUnsavedChangesGuard(when: boolean): (navigate: () => void) => void {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { modal } = App.useApp();
  const bypass = useRef(false);

  useEffect(() => {
    if (!when) return;
    const nav = navigator as unknown as GuardedNavigator;
    const original = { push: nav.push, replace: nav.replace, go: nav.go };
    const navigation = 'navigation' in window ? window.navigation : undefined;
    let asking = false;

    const restore = () => {
      nav.push = original.push;
      nav.replace = original.replace;
      nav.go = original.go;
      window.removeEventListener('beforeunload', handleBeforeUnload);
      navigation?.removeEventListener('navigate', handleNavigate);
    };

    const confirmLeave = (proceed: () => void) => {
      if (asking) return;
      asking = true;
      const t = koKit.form;
      modal.confirm({
        title: t.unsavedTitle,
        content: t.unsavedBody,
        okText: t.leave,
        okButtonProps: { danger: true },
        cancelText: t.stay,
        onOk: () => {
          asking = false;
          restore();
          proceed();
        },
        onCancel: () => {
          asking = false;
        },
      });
    };

    const guard =
      (method: 'push' | 'replace') =>
      (...args: unknown[]) => {
        const go = () => original[method].apply(nav, args);
        if (bypass.current) go();
        else confirmLeave(go);
      };
    nav.push = guard('push');
    nav.replace = guard('replace');
    nav.go = (delta: number) => {
      if (bypass.current) original.go.call(nav, delta);
      else confirmLeave(() => original.go.call(nav, delta));
    };

    function handleBeforeUnload(event: BeforeUnloadEvent) {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    }

    // Back/forward: the router hears `popstate` before any listener added later, so stop the traversal one
    // step earlier with the Navigation API (Chromium-based browsers, Firefox 147+); elsewhere it goes unasked.
    function handleNavigate(event: NavigateEvent) {
      if (event.navigationType !== 'traverse' || !event.cancelable || bypass.current) return;
      event.preventDefault();
      const key = event.destination.key;
      confirmLeave(() => void navigation?.traverseTo(key).finished?.catch(() => undefined));
    }

    window.addEventListener('beforeunload', handleBeforeUnload);
    navigation?.addEventListener('navigate', handleNavigate);
    return restore;
  }, [when, navigator, modal]);

  return useCallback((navigate: () => void) => {
    bypass.current = true;
    try {
      navigate();
    } finally {
      bypass.current = false;
    }
  }, []);
}

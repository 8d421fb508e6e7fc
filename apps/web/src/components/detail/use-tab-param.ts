import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** A detail page's open tab, kept in `?tab=` so a reload or a shared link opens the same one. */
export function useTabParam<K extends string>(keys: readonly K[], fallback: K): [K, (key: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('tab');
  const active = keys.find((key) => key === raw) ?? fallback;
  const setActive = useCallback(
    (key: string) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (key === fallback) next.delete('tab');
          else next.set('tab', key);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams, fallback],
  );
  return [active, setActive];
}

import type { Permission } from '@ilson/contracts';
import { useMemo } from 'react';
import { useSession } from './session-context';

export type Can = (permission: Permission) => boolean;

/** What the signed-in user may do. Only hides actions: the server refuses them anyway. */
export function useCan(): Can {
  const { user } = useSession();
  return useMemo(() => {
    const granted = new Set(user?.permissions ?? []);
    return (permission: Permission) => granted.has(permission);
  }, [user]);
}

import type { CurrentUser } from '@ilson/contracts';
import { createContext, useContext } from 'react';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

/** An idle logout says so on /login instead of the usual logout message. */
export type LogoutOptions = { idleMinutes?: number };

export type Session = {
  status: SessionStatus;
  user: CurrentUser | null;
  logout(options?: LogoutOptions): Promise<void>;
  /** Asks the server again who is signed in (after the own profile or password changed). */
  reloadUser(): Promise<void>;
};

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

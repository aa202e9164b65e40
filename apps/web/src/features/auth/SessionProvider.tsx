import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import type { Profile } from '@faktura/shared';
import { getProfile, subscribeProfile } from '../../lib/profileStore';
import { login, logout } from './session';

export interface Session {
  profile: Profile | null;
  login: (username: string, password: string) => Promise<Profile>;
  logout: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/** Must sit inside the router: ending a session navigates to /. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const profile = useSyncExternalStore(subscribeProfile, getProfile, getProfile);
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  // However the session ends (Log out, a refused token refresh, signing out in another tab), the
  // operator lands on the login at / and nothing fetched for the old session stays in the cache.
  useEffect(() => {
    let previous = getProfile();
    return subscribeProfile(() => {
      const current = getProfile();
      if (previous && !current) {
        void navigate('/', { replace: true });
        void mutate(() => true, undefined, { revalidate: false });
      }
      previous = current;
    });
  }, [navigate, mutate]);

  const session = useMemo<Session>(() => ({ profile, login, logout }), [profile]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a <SessionProvider> above it');
  return session;
}

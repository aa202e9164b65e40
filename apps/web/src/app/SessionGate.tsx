import { LoginPage, useSession } from '../features/auth';
import { AppLayout } from './shell/AppLayout';

/**
 * Without a stored profile every route shows the login, keeping the address, so a deep link opens
 * the requested page right after signing in.
 */
export function SessionGate() {
  const { profile } = useSession();
  return profile ? <AppLayout /> : <LoginPage />;
}

import { Suspense } from 'react';
import { Box } from '@mantine/core';
import { loginPage, useSession } from '../features/auth';
import { LoadBoundary } from '../components/LoadBoundary';
import { ScreenFailure } from '../components/ScreenFailure';
import { AppLayout } from './shell/AppLayout';

/**
 * Without a stored profile every route shows the login, keeping the address, so a deep link opens
 * the requested page right after signing in. The login's code loads on demand (features/auth): it is
 * in before the first render when nobody is signed in (main.tsx and the boot script), and comes with the
 * user menu's code (app/shell/UserMenu.tsx), so Log out shows it at once. A session that ends otherwise
 * (another tab signed out, a refused refresh) may wait for it; without a connection its place says so,
 * with a retry, as a screen's does.
 */
export function SessionGate() {
  const { profile } = useSession();
  if (profile) return <AppLayout />;
  return (
    <LoadBoundary
      fallback={(failure) => (
        <Box p="md">
          <ScreenFailure {...failure} />
        </Box>
      )}
    >
      <Suspense fallback={null}>
        <loginPage.Component />
      </Suspense>
    </LoadBoundary>
  );
}

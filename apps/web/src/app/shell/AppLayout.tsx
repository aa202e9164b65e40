import { Suspense } from 'react';
import { Anchor, AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { LoadBoundary } from '../../components/LoadBoundary';
import { ScreenFailure } from '../../components/ScreenFailure';
import { Navigation } from './Navigation';
import { UserMenu } from './UserMenu';

/** The frame around every page after login: header, left navigation (a drawer on phones), content. */
export function AppLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.toggle')}
              aria-expanded={opened}
            />
            <Anchor component={Link} to="/" fw={700} fz="lg" c="inherit" underline="never">
              {t('app.name')}
            </Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitch />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('nav.label')}>
        <Navigation onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        {/* Screens load on demand (app/pages.tsx); navigation keeps the old screen until the new one is in.
            A screen that fails (its code did not come) says so in its place; another address starts afresh. */}
        <LoadBoundary resetKey={pathname} fallback={(failure) => <ScreenFailure {...failure} />}>
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </LoadBoundary>
      </AppShell.Main>
    </AppShell>
  );
}

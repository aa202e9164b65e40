import { useState, type ReactNode } from 'react';
import { createTheme, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { SWRConfig } from 'swr';
import { NOTIFICATION_AUTO_CLOSE_MS } from '../lib/notify';
import { LanguageRevalidation, swrOptions } from './swr';

const theme = createTheme({ primaryColor: 'indigo', defaultRadius: 'md' });

interface AppProvidersProps {
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals so tests see changes at once. */
  env?: 'default' | 'test';
}

export function AppProviders({ children, env = 'default' }: AppProvidersProps) {
  // Read the connection once: changing retry timings mid-session would buy nothing. In tests every
  // render gets a cache of its own, so answers cannot leak from one test into the next.
  const [swr] = useState(() => ({ ...swrOptions(), ...(env === 'test' ? { provider: () => new Map() } : {}) }));
  return (
    <MantineProvider theme={theme} env={env} defaultColorScheme="light">
      <ModalsProvider>
        <Notifications position="bottom-right" autoClose={NOTIFICATION_AUTO_CLOSE_MS} />
        <SWRConfig value={swr}>
          <LanguageRevalidation />
          {children}
        </SWRConfig>
      </ModalsProvider>
    </MantineProvider>
  );
}

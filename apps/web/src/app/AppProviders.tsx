import { useState, type ReactNode } from 'react';
import { createTheme, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { SWRConfig } from 'swr';
import { NOTIFICATION_AUTO_CLOSE_MS } from '../lib/notify';
import { swrOptions } from './swr';

const theme = createTheme({ primaryColor: 'indigo', defaultRadius: 'md' });

interface AppProvidersProps {
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals so tests see changes at once. */
  env?: 'default' | 'test';
}

export function AppProviders({ children, env = 'default' }: AppProvidersProps) {
  // Read the connection once: changing retry timings mid-session would buy nothing.
  const [swr] = useState(() => swrOptions());
  return (
    <MantineProvider theme={theme} env={env} defaultColorScheme="light">
      <ModalsProvider>
        <Notifications position="bottom-right" autoClose={NOTIFICATION_AUTO_CLOSE_MS} />
        <SWRConfig value={swr}>{children}</SWRConfig>
      </ModalsProvider>
    </MantineProvider>
  );
}

import { useMemo, useState, type ReactNode } from 'react';
import { createTheme, MantineProvider } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SWRConfig } from 'swr';
import { swrOptions } from './swr';
import { Toasts } from './Toasts';
import { holidayDayProps } from '../lib/dateInput';

/**
 * Icon-only controls Mantine draws itself (a dialog's X, a calendar's arrows) get names in the UI
 * language here, once for the whole app, so screen readers can announce them.
 */
function useTheme(env: 'default' | 'test') {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const ariaLabels = {
      nextMonth: t('app.calendar.nextMonth'),
      previousMonth: t('app.calendar.previousMonth'),
      nextYear: t('app.calendar.nextYear'),
      previousYear: t('app.calendar.previousYear'),
      nextDecade: t('app.calendar.nextDecade'),
      previousDecade: t('app.calendar.previousDecade'),
    };
    // Croatian public holidays marked in every calendar, named in the UI language (issue 31)
    const getDayProps = holidayDayProps(t as (key: string, options?: Record<string, unknown>) => string);
    return createTheme({
      primaryColor: 'indigo',
      // tests ask for reduced motion (src/test/setup.ts): transitions end at once, with no timer left
      respectReducedMotion: env === 'test',
      defaultRadius: 'md',
      components: {
        // Plain objects, not Modal.extend(...): importing the components here would put them (and all
        // of @mantine/dates) into the first download of every screen.
        Modal: { defaultProps: { closeButtonProps: { 'aria-label': t('app.close') } } },
        DatePickerInput: { defaultProps: { ariaLabels, getDayProps } },
        DatePicker: { defaultProps: { ariaLabels, getDayProps } },
      },
    });
    // i18n.language: the texts change with the language
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, i18n.language, env]);
}

interface AppProvidersProps {
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals so tests see changes at once. */
  env?: 'default' | 'test';
}

export function AppProviders({ children, env = 'default' }: AppProvidersProps) {
  // Read the connection once: changing retry timings mid-session would buy nothing. In tests every
  // render gets a cache of its own, so answers cannot leak from one test into the next.
  const theme = useTheme(env);
  const [swr] = useState(() => ({ ...swrOptions(), ...(env === 'test' ? { provider: () => new Map() } : {}) }));
  return (
    <MantineProvider theme={theme} env={env} defaultColorScheme="light">
      <Toasts />
      <SWRConfig value={swr}>{children}</SWRConfig>
    </MantineProvider>
  );
}

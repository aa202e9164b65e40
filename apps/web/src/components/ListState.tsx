import type { ReactNode } from 'react';
import { Alert, Button, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorReason } from '../lib/apiError';

interface ListStateProps<T> {
  data: T[] | undefined;
  error: unknown;
  /** Shown when the list loaded and is empty. */
  empty: string;
  onRetry: () => void;
  children: (rows: T[]) => ReactNode;
}

/**
 * The three states every list screen has before it has rows to show: loading (skeleton rows),
 * failed (the server's reason and a retry) and empty. Rows already loaded stay visible while a
 * background refresh fails, so a flaky connection does not blank the screen.
 */
export function ListState<T>({ data, error, empty, onRetry, children }: ListStateProps<T>) {
  const { t } = useTranslation();
  if (data === undefined && error) {
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={t('recordActions.loadFailed')}
        icon={<IconAlertCircle size={18} />}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorReason(error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('recordActions.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (data === undefined) {
    return (
      <Stack gap="xs" role="status" aria-busy="true">
        <VisuallyHidden>{t('recordActions.loading')}</VisuallyHidden>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={36} />
        ))}
      </Stack>
    );
  }
  if (data.length === 0) return <Text c="dimmed">{empty}</Text>;
  return <>{children(data)}</>;
}

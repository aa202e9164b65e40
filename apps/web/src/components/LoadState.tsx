import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorReason } from '../lib/apiError';

interface LoadStateProps<T> {
  data: T | undefined;
  error: unknown;
  onRetry: () => void;
  /** Rendered once the data is there; forms start from it, so they must not render before. */
  children: (data: T) => ReactNode;
}

/** A spinner while a section's data loads, the reason and a retry when it fails, else the section. */
export function LoadState<T>({ data, error, onRetry, children }: LoadStateProps<T>) {
  const { t } = useTranslation();
  if (data !== undefined) return children(data);
  if (!error) {
    return (
      <Center py="xl">
        <Loader aria-label={t('settings.loading')} />
      </Center>
    );
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={t('settings.loadFailed')}>
      <Text size="sm" mb="sm">
        {errorReason(error)}
      </Text>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {t('settings.retry')}
      </Button>
    </Alert>
  );
}

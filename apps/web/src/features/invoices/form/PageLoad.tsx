import type { ReactNode } from 'react';
import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorReason } from '../../../lib/apiError';

interface PageLoadProps<T> {
  data: T | undefined;
  error: unknown;
  onRetry: () => void;
  /** Rendered once the data is there: the forms take their starting values from it. */
  children: (data: T) => ReactNode;
}

/** A spinner until the page's data is there, the reason and a retry when it did not come. */
export function PageLoad<T>({ data, error, onRetry, children }: PageLoadProps<T>) {
  const { t } = useTranslation();
  if (data !== undefined) return <>{children(data)}</>;
  if (!error) {
    return (
      <Center py="xl">
        <Loader aria-label={t('invoiceForm.loading')} />
      </Center>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      title={t('invoiceForm.loadFailed')}
    >
      <Text size="sm" mb="sm">
        {errorReason(error)}
      </Text>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {t('invoiceForm.retry')}
      </Button>
    </Alert>
  );
}

import { Alert, Button, Center, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorReason } from '../../lib/apiError';

/** While the invoice loads: a spinner that screen readers announce. */
export function PreviewLoading() {
  const { t } = useTranslation();
  return (
    <Center role="status" py="xl" className="fk-no-print">
      <Loader />
      <VisuallyHidden>{t('preview.loading')}</VisuallyHidden>
    </Center>
  );
}

/** Why the invoice could not be shown (the server's reason, not a generic text) and a retry. */
export function PreviewFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={t('preview.loadFailed')}
      icon={<IconAlertCircle size={18} />}
      className="fk-no-print"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorReason(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('preview.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isLoadFailure } from '../lib/loadFailure';

/**
 * In place of a screen that could not be shown: why, in the user's language, a retry and a reload
 * (a retry cannot help when the server was updated meanwhile; a reload brings the new version).
 * The header and navigation stay, so the user can also go elsewhere.
 */
export function ScreenFailure({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" title={t('screenLoad.title')} icon={<IconAlertCircle size={18} />}>
      <Text size="sm">{t(isLoadFailure(error) ? 'screenLoad.connection' : 'screenLoad.unexpected')}</Text>
      <Group gap="xs" mt="sm">
        <Button size="xs" variant="light" color="red" onClick={retry}>
          {t('screenLoad.retry')}
        </Button>
        <Button size="xs" variant="subtle" color="red" onClick={() => window.location.reload()}>
          {t('screenLoad.reload')}
        </Button>
      </Group>
    </Alert>
  );
}

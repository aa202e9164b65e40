import { Alert, Anchor } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Said in place of the ledger when Settings do not make the issuer a paušalni obrt: who keeps the KPR. */
export function NotFlatRate() {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
      {t('kpr.notFlatRate')}{' '}
      <Anchor component={Link} to="/Settings">
        {t('kpr.openSettings')}
      </Anchor>
    </Alert>
  );
}

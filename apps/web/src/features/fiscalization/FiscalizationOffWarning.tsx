import { Alert, Anchor } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { endpoints } from '@faktura/shared';
import { useApi } from '../../lib/api';
import { useFiscalSettings } from './api';

/**
 * On every screen that issues: a VAT-registered issuer whose e-invoices Faktura does not fiscalize
 * (mode OFF) is told that each must be fiscalized elsewhere at the moment of issue.
 */
export function FiscalizationOffWarning() {
  const { t } = useTranslation();
  const settings = useFiscalSettings();
  const issuer = useApi(endpoints.settings.issuer);
  if (!issuer.data?.inVatSystem || settings.data?.mode !== 'OFF') return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} mb="md" role="note">
      {t('fiscalization.warningOff')}{' '}
      <Anchor component={Link} to="/Settings?tab=fiscalization">
        {t('fiscalization.warningOffLink')}
      </Anchor>
    </Alert>
  );
}

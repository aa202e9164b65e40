import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AccountForm, ACCOUNT_NAME_ID, ACCOUNT_OIB_ID } from './AccountForm';
import { NameNeededAlert, OibNeededAlert } from './NameNeededAlert';
import { IssuerForm } from './IssuerForm';
import { LoadState } from '../../components/LoadState';
import { PasswordForm } from './PasswordForm';
import { SettingsSection } from '../../components/SettingsSection';
import { useAccount, useIssuer } from './settingsApi';

/** Settings > General: the issuing company, then the operator's own account and password. */
export function GeneralTab() {
  const { t } = useTranslation();
  const issuer = useIssuer();
  const account = useAccount();
  return (
    <Stack gap="lg">
      {account.data && <NameNeededAlert account={account.data} inputId={ACCOUNT_NAME_ID} />}
      {account.data && <OibNeededAlert account={account.data} inputId={ACCOUNT_OIB_ID} />}
      <SettingsSection title={t('settings.issuer.title')} intro={t('settings.issuer.intro')}>
        <LoadState data={issuer.data} error={issuer.error} onRetry={() => void issuer.mutate()}>
          {(data) => <IssuerForm issuer={data} />}
        </LoadState>
      </SettingsSection>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SettingsSection title={t('settings.account.title')} intro={t('settings.account.intro')}>
          <LoadState data={account.data} error={account.error} onRetry={() => void account.mutate()}>
            {(data) => <AccountForm account={data} />}
          </LoadState>
        </SettingsSection>
        <SettingsSection title={t('settings.password.title')} intro={t('settings.password.hint')}>
          <PasswordForm />
        </SettingsSection>
      </SimpleGrid>
    </Stack>
  );
}

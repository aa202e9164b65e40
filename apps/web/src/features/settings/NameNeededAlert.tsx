import { Alert, Button, Group, Text } from '@mantine/core';
import { IconId, IconUserExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { operatorNameNeeded, type Account } from '@faktura/shared';

/**
 * Invoices print the operator's full name; while the account has none of its own (empty, or only
 * what was derived from the e-mail, such as "Admin"), Settings says so at the top and takes the
 * operator to the name field.
 */
export function NameNeededAlert({ account, inputId }: { account: Account; inputId: string }) {
  const { t } = useTranslation();
  if (!operatorNameNeeded(account.name, account.email)) return null;
  const goToName = () => focusInput(inputId);
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('settings.account.nameNeeded.title')}
      icon={<IconUserExclamation size={20} aria-hidden />}
    >
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">
          {account.name.trim()
            ? t('settings.account.nameNeeded.derived', { name: account.name.trim() })
            : t('settings.account.nameNeeded.missing')}
        </Text>
        <Button size="xs" variant="light" color="yellow" onClick={goToName}>
          {t('settings.account.nameNeeded.action')}
        </Button>
      </Group>
    </Alert>
  );
}

function focusInput(inputId: string): void {
  const input = document.getElementById(inputId);
  input?.scrollIntoView({ block: 'center' });
  input?.focus();
}

/**
 * E-invoices and fiscalized invoices name the TIN (OIB) of the operator who issues them, and such a
 * document is not issued without it: while the account has none, Settings asks for it beside the name.
 */
export function OibNeededAlert({ account, inputId }: { account: Account; inputId: string }) {
  const { t } = useTranslation();
  if (account.oib) return null;
  return (
    <Alert color="yellow" variant="light" title={t('settings.account.oibNeeded.title')} icon={<IconId size={20} aria-hidden />}>
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">{t('settings.account.oibNeeded.missing')}</Text>
        <Button size="xs" variant="light" color="yellow" onClick={() => focusInput(inputId)}>
          {t('settings.account.oibNeeded.action')}
        </Button>
      </Group>
    </Alert>
  );
}

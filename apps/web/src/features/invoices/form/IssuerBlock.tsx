import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Issuer } from '@faktura/shared';
import { currentLanguage } from '../../../lib/i18n';
import { addressSummary } from '../../addresses';

/** "Invoice issued by": the business that issues the invoice, as the invoice will name it. */
export function IssuerBlock({ issuer }: { issuer: Issuer }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="invoice-issuer">
      <Stack gap={2}>
        <Title order={2} size="h5" id="invoice-issuer" c="dimmed">
          {t('invoiceForm.issuedBy')}
        </Title>
        <Text fw={600}>{issuer.name}</Text>
        {issuer.address && <Text size="sm">{addressSummary(issuer.address, currentLanguage())}</Text>}
        <Text size="sm">
          {t('fields.pin')}: {issuer.oib}
        </Text>
        {issuer.inVatSystem && (
          <Text size="sm">{t('invoiceForm.vatNumber', { vatNumber: issuer.vatNumber })}</Text>
        )}
      </Stack>
    </Paper>
  );
}

/** In place of the form until Settings > General has been filled: an invoice needs its issuer. */
export function IssuerMissing() {
  const { t } = useTranslation();
  return (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} role="alert">
      <Text size="sm" mb="xs">
        {t('invoiceForm.issuerMissing')}
      </Text>
      <Anchor component={Link} to="/Settings" size="sm">
        {t('invoiceForm.openSettings')}
      </Anchor>
    </Alert>
  );
}

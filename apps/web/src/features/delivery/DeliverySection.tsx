import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type DeliveryStatus, type Invoice, formatDateTime } from '@faktura/shared';
import { currentLanguage } from '../../lib/i18n';
import { notifyApiError } from '../../lib/notify';
import { refreshDelivery, useDeliverySettings } from './api';

const COLORS: Record<DeliveryStatus, string> = {
  NOT_SENT: 'gray',
  PENDING: 'yellow',
  SENT: 'blue',
  DELIVERED: 'green',
  REJECTED: 'red',
  FAILED: 'red',
};

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`delivery.status.${status}`)}
    </Badge>
  );
}

/**
 * Where an issued e-invoice stands with the intermediary (issue 32): its status, the intermediary's
 * id and words, when, whether fiscalized, and "Refresh status". Shown once delivery is set up or
 * the document was sent.
 */
export function DeliverySection({ invoice, onChanged }: { invoice: Invoice; onChanged: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const settings = useDeliverySettings();
  const [busy, setBusy] = useState(false);
  const delivery = invoice.delivery;
  if (!invoice.eInvoice || invoice.state === 'DRAFT') return null;
  if (delivery.status === 'NOT_SENT' && !settings.data?.configured) return null;

  async function refresh() {
    setBusy(true);
    try {
      await refreshDelivery(invoice.id);
      onChanged();
    } catch (error) {
      notifyApiError(error);
    } finally {
      setBusy(false);
    }
  }

  const explanation = t(`delivery.status.help.${delivery.status}`);
  return (
    <Paper withBorder radius="md" p="md" mt="lg" component="section" aria-labelledby="delivery-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id="delivery-title">
          {t('delivery.status.title')}
        </Title>
        <DeliveryStatusBadge status={delivery.status} />
      </Group>
      <Stack gap={6}>
        <Text size="sm">{explanation}</Text>
        {delivery.providerDocumentId && <Text size="sm">{t('delivery.status.providerId', { id: delivery.providerDocumentId })}</Text>}
        {delivery.at && delivery.status !== 'NOT_SENT' && <Text size="sm" c="dimmed">{t('delivery.status.at', { at: formatDateTime(delivery.at, language) })}</Text>}
        {delivery.fiscalized === true && <Text size="sm">{t('delivery.status.fiscalized')}</Text>}
        {delivery.eReported && (
          <Alert color="yellow" variant="light" title={t('delivery.status.eReported')}>
            {t('delivery.status.eReportedHelp')}
          </Alert>
        )}
        {delivery.fiscalized === false && (
          <Alert color="red" variant="light" title={t('delivery.status.notFiscalized')}>
            <Stack gap={4}>
              {delivery.fiscalizationError && <Text size="sm">{delivery.fiscalizationError}</Text>}
              <Text size="sm">{t('delivery.status.notFiscalizedWayForward')}</Text>
            </Stack>
          </Alert>
        )}
        {delivery.status === 'PENDING' && delivery.nextAttemptAt && (
          <Text size="sm" c="dimmed">{t('delivery.status.nextAttempt', { at: formatDateTime(delivery.nextAttemptAt, language) })}</Text>
        )}
        {delivery.error && (
          <Alert color={delivery.status === 'PENDING' ? 'yellow' : 'red'} variant="light" title={t('delivery.status.reason')}>
            {delivery.error}
          </Alert>
        )}
        {delivery.status === 'REJECTED' && <Text size="sm">{t('delivery.status.rejectedWayForward')}</Text>}
        {delivery.providerDocumentId && (
          <Group>
            <Button variant="light" size="xs" leftSection={<IconRefresh size={14} aria-hidden />} loading={busy} onClick={() => void refresh()}>
              {t('delivery.status.refresh')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

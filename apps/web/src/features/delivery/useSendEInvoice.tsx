import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@faktura/shared';
import { notifyApiError, notifyError, notifySuccess } from '../../lib/notify';
import { sendEInvoice, useDeliverySettings } from './api';

/**
 * "Send e-invoice" for the invoice page (issue 32): whether it may be offered (delivery set up, an
 * issued e-invoice whose buyer receives e-invoices), whether in view (not yet sent) or in "More"
 * (sent: "Send again", asked first), and the act.
 */
export function useSendEInvoice(invoice: Invoice, onChanged: () => void) {
  const { t } = useTranslation();
  const settings = useDeliverySettings();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const status = invoice.delivery.status;
  // a supply Faktura reported without an e-invoice (its buyer has no e-invoice address) goes by e-mail
  const reportedWithout = invoice.fiscalization.kind === 'ISPORUKA' && invoice.fiscalization.status !== 'BY_INTERMEDIARY' && invoice.fiscalization.status !== 'NOT_REQUIRED';
  const offered =
    settings.data?.configured === true && invoice.state !== 'DRAFT' && invoice.eInvoice && invoice.clientKind !== 'CONSUMER' && !reportedWithout;
  // on its way already: sending again is on purpose
  const resend = status === 'SENT' || status === 'DELIVERED' || status === 'REJECTED';

  async function send() {
    setConfirming(false);
    setBusy(true);
    try {
      const result = await sendEInvoice(invoice.id, resend);
      onChanged();
      if (result.status === 'FAILED') notifyError(t('delivery.send.failed', { reason: result.error ?? '' }));
      else if (result.status === 'PENDING') notifyError(t('delivery.send.pending'));
      else notifySuccess(t('delivery.send.sent', { number: invoice.invoiceNumber ?? '', id: result.providerDocumentId ?? '' }));
    } catch (error) {
      notifyApiError(error);
    } finally {
      setBusy(false);
    }
  }

  return {
    offered,
    inView: offered && status === 'NOT_SENT',
    label: resend ? t('delivery.send.again') : t('delivery.send.action'),
    busy,
    send: () => (resend ? setConfirming(true) : void send()),
    dialog: (
      <ResendConfirmModal
        opened={confirming}
        invoice={invoice}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void send()}
      />
    ),
  };
}

/** Asks before a document already handed over goes again: the intermediary keeps one sending per number. */
function ResendConfirmModal({ opened, invoice, onCancel, onConfirm }: { opened: boolean; invoice: Invoice; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={t('delivery.send.confirmTitle')} centered>
      <Stack>
        <Text size="sm">
          {t('delivery.send.confirmText', {
            number: invoice.invoiceNumber ?? '',
            id: invoice.delivery.providerDocumentId ?? '',
            status: t(`delivery.status.${invoice.delivery.status}`),
          })}
        </Text>
        <Group justify="flex-end">
          {/* focus starts on Cancel: Enter right after opening sends nothing */}
          <Button variant="default" onClick={onCancel} data-autofocus>
            {t('delivery.send.cancel')}
          </Button>
          <Button color="teal" onClick={onConfirm}>
            {t('delivery.send.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

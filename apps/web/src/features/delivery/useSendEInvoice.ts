import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@faktura/shared';
import { notifyApiError, notifyError, notifySuccess } from '../../lib/notify';
import { sendEInvoice, useDeliverySettings } from './api';

/**
 * "Send e-invoice" for the invoice page (issue 32): whether it may be offered (delivery set up, an
 * issued e-invoice), whether in view (not yet sent) or in "More" (sent: "Send again"), and the act.
 */
export function useSendEInvoice(invoice: Invoice, onChanged: () => void) {
  const { t } = useTranslation();
  const settings = useDeliverySettings();
  const [busy, setBusy] = useState(false);
  const status = invoice.delivery.status;
  const offered = settings.data?.configured === true && invoice.state !== 'DRAFT' && invoice.eInvoice && invoice.clientKind !== 'CONSUMER';
  // on its way already: sending again is on purpose
  const resend = status === 'SENT' || status === 'DELIVERED' || status === 'REJECTED';

  async function send() {
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
    send: () => void send(),
  };
}

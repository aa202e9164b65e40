import { useTranslation } from 'react-i18next';
import type { InvoiceListRow } from '@faktura/shared';
import { ConfirmDeleteModal } from '../../../components/ConfirmDeleteModal';
import { currentLanguage } from '../../../lib/i18n';
import { notifyApiError, notifySuccess } from '../../../lib/notify';
import { invoiceApi } from '../api';
import { formatAmount, formatDay } from './format';

interface DeleteInvoiceModalProps {
  /** Kept while the dialog fades out, so its text does not change on the way. */
  row: InvoiceListRow | null;
  opened: boolean;
  onClose: () => void;
  /** Called after every attempt: a refused delete may mean the list is out of date. */
  onSettled: () => Promise<unknown>;
}

/** Asks before deleting an invoice, then says what happened. */
export function DeleteInvoiceModal({ row, opened, onClose, onSettled }: DeleteInvoiceModalProps) {
  const { t } = useTranslation();

  async function remove(invoice: InvoiceListRow) {
    try {
      await invoiceApi.remove(invoice.id);
      notifySuccess(
        invoice.invoiceNumber
          ? t('invoices.deleted', { number: invoice.invoiceNumber })
          : t('invoices.draftDeleted', { client: invoice.client }),
      );
    } catch (failure) {
      // 409: a cleared invoice, or an issued one that is not the newest of its sequence; the
      // server's reason says which, in the operator's language.
      notifyApiError(failure);
    }
    await onSettled();
  }

  const subject = row
    ? [
        row.invoiceNumber ?? t('invoices.state.DRAFT'),
        row.client,
        formatDay(row.invoiceDate, currentLanguage()),
        formatAmount(row, currentLanguage()),
      ].join(' · ')
    : '';

  return (
    <ConfirmDeleteModal
      opened={opened}
      title={t('invoices.deleteTitle')}
      question={t('invoices.deleteQuestion')}
      subject={subject}
      onClose={onClose}
      onConfirm={() => (row ? remove(row) : Promise.resolve())}
    />
  );
}

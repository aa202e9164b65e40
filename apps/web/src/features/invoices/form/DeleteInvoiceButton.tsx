import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@faktura/shared';
import { ConfirmDeleteModal } from '../../../components/ConfirmDeleteModal';
import { errorReason } from '../../../lib/apiError';
import { currentLanguage } from '../../../lib/i18n';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { invoiceApi } from '../api';
import { formatAmount } from '../list/format';
import { useGoBack, useRefreshInvoices } from './pageHooks';

/**
 * Deletes after asking. The server decides what may go (drafts; an issued invoice only while it is
 * the newest of its sequence) and says why not, which is shown as it came.
 */
export function DeleteInvoiceButton({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={modal.open}>
        {t('invoiceForm.delete')}
      </Button>
      <DeleteInvoiceDialog invoice={invoice} opened={opened} onClose={modal.close} />
    </>
  );
}

/** The question before deleting, and the deleting; opened by a button or a menu item. */
export function DeleteInvoiceDialog({ invoice, opened, onClose }: { invoice: Invoice; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const refresh = useRefreshInvoices();
  const number = invoice.invoiceNumber;

  async function remove() {
    try {
      await invoiceApi.remove(invoice.id);
      notifySuccess(number ? t('invoiceForm.deleted', { number }) : t('invoiceForm.draftDeleted'));
      refresh();
      goBack();
    } catch (error) {
      notifyFailure(t('invoiceForm.deleteFailed'), errorReason(error));
    }
  }

  return (
    <ConfirmDeleteModal
      opened={opened}
      title={t('invoiceForm.deleteTitle')}
      question={t('invoiceForm.deleteQuestion')}
      subject={`${number ?? t('invoiceForm.draftNumber')} · ${invoice.client} · ${formatAmount(invoice, currentLanguage())}`}
      onClose={onClose}
      onConfirm={remove}
    />
  );
}

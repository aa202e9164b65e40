import { type ReactNode, useState } from 'react';
import { Button, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCash, IconCashOff, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Invoice, formatMoney } from '@faktura/shared';
import { errorReason } from '../../../lib/apiError';
import { currentLanguage } from '../../../lib/i18n';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { invoiceApi, usePayments } from '../api';
import { ClearInvoiceModal } from '../ClearInvoiceModal';
import { formatDay } from '../list/format';
import { lastRemovable, takesPayments } from '../payments/paymentsModel';
import { RecordPaymentModal } from '../payments/RecordPaymentModal';
import { DeleteInvoiceDialog } from './DeleteInvoiceButton';
import { useRefreshInvoices } from './pageHooks';

interface StatusActionsProps {
  invoice: Invoice;
  today: string;
  /** Called after the invoice changed state, to show it anew. */
  onChanged: () => void;
}

/** What an issued document's state allows: the buttons kept in view, the menu's items, their dialogs. */
export interface StatusActions {
  /** Recording a payment (or marking a credit note's refund paid): kept in view. */
  buttons: ReactNode;
  /** Undoing and deleting: in the page's "More" menu. */
  items: ReactNode;
  dialogs: ReactNode;
  /** Whether `items` holds anything. */
  hasItems: boolean;
}

/**
 * An invoice: record a payment while something is open, undo the latest payment the API would
 * delete (decision 027). A credit note: mark its refund paid or undo that, as before. A document
 * settled by credit notes has neither. Delete while the rules allow.
 */
export function useStatusActions({ invoice, today, onChanged }: StatusActionsProps): StatusActions {
  const { t } = useTranslation();
  const [clearOpened, clearModal] = useDisclosure(false);
  const [deleteOpened, deleteModal] = useDisclosure(false);
  const [paymentOpened, setPaymentOpened] = useState(0);
  const [undoing, setUndoing] = useState(false);
  const refresh = useRefreshInvoices();
  const number = invoice.invoiceNumber ?? '';
  const isInvoice = invoice.documentType === 'INVOICE';
  // the page's Payments section reads the same list (one request, one cache entry)
  const { data: payments } = usePayments(isInvoice && invoice.payments > 0 ? invoice.id : null);
  const undoable = isInvoice && invoice.payments > 0 && payments ? lastRemovable(payments) : null;

  function changed() {
    onChanged();
    refresh();
  }

  async function unclear() {
    setUndoing(true);
    try {
      await invoiceApi.unclear(invoice.id);
      notifySuccess(t('invoiceForm.uncleared', { number }));
      changed();
    } catch (error) {
      notifyFailure(t('invoiceForm.unclearFailed'), errorReason(error));
    } finally {
      setUndoing(false);
    }
  }

  async function undoLastPayment() {
    setUndoing(true);
    const language = currentLanguage();
    try {
      // read afresh: the list shown may not yet have the payment just recorded
      const latest = lastRemovable(await invoiceApi.payments(invoice.id));
      if (!latest) return;
      await invoiceApi.deletePayment(invoice.id, latest.id);
      notifySuccess(
        t('payments.undone', {
          date: formatDay(latest.date, language),
          amount: formatMoney(latest.amountCents, invoice.currencyCode, language),
        }),
      );
    } catch (error) {
      notifyFailure(t('payments.undoFailed'), errorReason(error));
    } finally {
      setUndoing(false);
      changed();
    }
  }

  const settledByCredit = invoice.creditSettled;
  const buttons = (
    <>
      {isInvoice && takesPayments(invoice) && invoice.paidState !== 'PAID' && (
        <Button
          variant="light"
          color="green"
          leftSection={<IconCash size={16} />}
          onClick={() => setPaymentOpened((n) => n + 1)}
        >
          {t('payments.record')}
        </Button>
      )}
      {/* a credit note's refund is marked paid as before; one settled with its invoice has nothing to pay */}
      {!isInvoice && !settledByCredit && invoice.state === 'PUBLISHED' && (
        <Button variant="light" color="green" leftSection={<IconCash size={16} />} onClick={clearModal.open}>
          {t('invoiceForm.markCleared')}
        </Button>
      )}
    </>
  );

  const items = (
    <>
      {undoable && (
        <Menu.Item
          color="yellow"
          leftSection={<IconCashOff size={16} />}
          disabled={undoing}
          onClick={() => void undoLastPayment()}
        >
          {t('payments.undoLast')}
        </Menu.Item>
      )}
      {!isInvoice && !settledByCredit && invoice.state === 'CLEARED' && (
        <Menu.Item color="yellow" leftSection={<IconCashOff size={16} />} disabled={undoing} onClick={() => void unclear()}>
          {t('invoiceForm.unclear')}
        </Menu.Item>
      )}
      {invoice.deletable && (
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={deleteModal.open}>
          {t('invoiceForm.delete')}
        </Menu.Item>
      )}
    </>
  );

  const dialogs = (
    <>
      {invoice.deletable && <DeleteInvoiceDialog invoice={invoice} opened={deleteOpened} onClose={deleteModal.close} />}
      {!isInvoice && (
        <ClearInvoiceModal
          // only an issued document is cleared, and an issued one has its date of issue
          row={{ ...invoice, billingDate: invoice.billingDate ?? today }}
          opened={clearOpened}
          today={today}
          onClose={clearModal.close}
          onCleared={changed}
        />
      )}
      {paymentOpened > 0 && (
        <RecordPaymentModal
          // a fresh dialog for each opening: the proposal is what is open now
          key={paymentOpened}
          invoice={invoice}
          opened
          today={today}
          onClose={() => setPaymentOpened(0)}
          onRecorded={changed}
        />
      )}
    </>
  );

  const hasItems =
    Boolean(undoable) || (!isInvoice && !settledByCredit && invoice.state === 'CLEARED') || invoice.deletable;
  return { buttons, items, dialogs, hasItems };
}

import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCash, IconCashOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@faktura/shared';
import { errorReason } from '../../../lib/apiError';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { invoiceApi } from '../api';
import { ClearInvoiceModal } from '../ClearInvoiceModal';
import { DeleteInvoiceButton } from './DeleteInvoiceButton';

interface StatusActionsProps {
  invoice: Invoice;
  today: string;
  /** Called after the invoice changed state, to show it anew. */
  onChanged: () => void;
}

/** Mark as cleared (with the payment date) or undo it, and delete while the rules allow. */
export function StatusActions({ invoice, today, onChanged }: StatusActionsProps) {
  const { t } = useTranslation();
  const [clearOpened, clearModal] = useDisclosure(false);
  const [undoing, setUndoing] = useState(false);
  const number = invoice.invoiceNumber ?? '';

  async function unclear() {
    setUndoing(true);
    try {
      await invoiceApi.unclear(invoice.id);
      notifySuccess(t('invoiceForm.uncleared', { number }));
      onChanged();
    } catch (error) {
      notifyFailure(t('invoiceForm.unclearFailed'), errorReason(error));
    } finally {
      setUndoing(false);
    }
  }

  return (
    <Group gap="xs">
      {invoice.state === 'PUBLISHED' && (
        <Button variant="light" color="green" leftSection={<IconCash size={16} />} onClick={clearModal.open}>
          {t('invoiceForm.markCleared')}
        </Button>
      )}
      {invoice.state === 'CLEARED' && (
        <Button
          variant="light"
          color="yellow"
          leftSection={<IconCashOff size={16} />}
          onClick={() => void unclear()}
          loading={undoing}
        >
          {t('invoiceForm.unclear')}
        </Button>
      )}
      {invoice.deletable && <DeleteInvoiceButton invoice={invoice} />}
      <ClearInvoiceModal
        // only an issued invoice is cleared, and an issued invoice has its date of issue
        row={{ ...invoice, billingDate: invoice.billingDate ?? today }}
        opened={clearOpened}
        today={today}
        onClose={clearModal.close}
        onCleared={onChanged}
      />
    </Group>
  );
}

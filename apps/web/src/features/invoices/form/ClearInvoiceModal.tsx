import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@faktura/shared';
import { notifyFailure } from '../../../components/notifyFailure';
import { errorReason, fieldErrors } from '../../../lib/apiError';
import { notifySuccess } from '../../../lib/notify';
import { invoiceApi } from '../api';
import { DateField } from './DateField';

interface ClearInvoiceModalProps {
  invoice: Invoice;
  opened: boolean;
  today: string;
  onClose: () => void;
  onCleared: () => void;
}

/** Asks on which day the invoice was paid (today unless told otherwise) and marks it cleared. */
export function ClearInvoiceModal({ invoice, opened, today, onClose, onCleared }: ClearInvoiceModalProps) {
  const { t } = useTranslation();
  const [date, setDate] = useState(today);
  const [busy, setBusy] = useState(false);
  const [dateError, setDateError] = useState<string | undefined>();
  const number = invoice.invoiceNumber ?? '';

  async function clear() {
    setBusy(true);
    setDateError(undefined);
    try {
      await invoiceApi.clear(invoice.id, date);
      notifySuccess(t('invoiceForm.cleared', { number }));
      onCleared();
      onClose();
    } catch (error) {
      // A day outside billing date … today belongs under the picker; anything else is toasted.
      const reason = fieldErrors(error).paymentDate;
      if (reason) setDateError(reason);
      else notifyFailure(t('invoiceForm.clearFailed'), errorReason(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={t('invoiceForm.clearTitle')}
      centered
    >
      <Stack>
        <Text size="sm">{t('invoiceForm.clearQuestion', { number })}</Text>
        <DateField
          label={t('fields.paymentDate')}
          value={date}
          onChange={setDate}
          minDate={invoice.billingDate}
          maxDate={today}
          error={dateError}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            {t('recordActions.cancel')}
          </Button>
          <Button color="green" onClick={() => void clear()} loading={busy}>
            {t('invoiceForm.markCleared')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

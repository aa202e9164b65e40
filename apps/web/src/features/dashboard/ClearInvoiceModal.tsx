import 'dayjs/locale/hr';
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { todayInZagreb, type InvoiceListRow } from '@faktura/shared';
import { fieldErrors } from '../../lib/apiError';
import { currentLanguage } from '../../lib/i18n';
import { notifyApiError, notifySuccess } from '../../lib/notify';
import { invoiceApi } from '../invoices/api';
import { formatDay } from '../invoices/list/format';

interface ClearInvoiceModalProps {
  /** Kept while the dialog fades out; the parent remounts the dialog (key) for another invoice. */
  row: InvoiceListRow | null;
  opened: boolean;
  onClose: () => void;
  /** After the invoice was marked cleared, so the list can drop it at once. */
  onCleared: (row: InvoiceListRow) => void;
  /** After a refusal other than a bad date: the list may be out of date (cleared in another tab). */
  onRefused: () => void;
}

/** Asks for the payment date (today unless told otherwise) and marks the invoice cleared. */
export function ClearInvoiceModal({ row, opened, onClose, onCleared, onRefused }: ClearInvoiceModalProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const today = todayInZagreb();
  const [date, setDate] = useState(today);
  const [dateError, setDateError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Reopening the same invoice starts afresh, not with the date or error left from last time.
  function close() {
    setDate(today);
    setDateError(null);
    onClose();
  }

  async function confirm(invoice: InvoiceListRow) {
    setBusy(true);
    try {
      await invoiceApi.clear(invoice.id, date);
      notifySuccess(t('dashboard.submitted.cleared', { number: invoice.invoiceNumber ?? '' }));
      onCleared(invoice);
      close();
    } catch (failure) {
      // A date outside billing date..today comes back as a 400 on paymentDate: show it by the picker.
      const reason = fieldErrors(failure).paymentDate;
      if (reason) {
        setDateError(reason);
      } else {
        notifyApiError(failure);
        onRefused();
        close();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : close}
      title={t('dashboard.submitted.dialogTitle', { number: row?.invoiceNumber ?? '' })}
      centered
    >
      {row && (
        <Stack>
          <Text size="sm">
            {t('dashboard.submitted.dialogText', { client: row.client, amount: row.amountFormatted })}
          </Text>
          <DatePickerInput
            label={t('dashboard.submitted.paymentDate')}
            description={t('dashboard.submitted.paymentDateHelp', {
              date: formatDay(row.invoiceDate, language),
            })}
            value={date}
            onChange={(value) => {
              setDate(value ?? today);
              setDateError(null);
            }}
            minDate={row.invoiceDate}
            maxDate={today}
            valueFormat="YYYY-MM-DD"
            locale={language}
            firstDayOfWeek={1}
            error={dateError}
            leftSection={<IconCalendar size={18} aria-hidden />}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('recordActions.cancel')}
            </Button>
            <Button color="green" onClick={() => void confirm(row)} loading={busy}>
              {t('dashboard.submitted.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

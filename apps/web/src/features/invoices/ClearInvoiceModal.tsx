// The date picker's styles come with the screens and dialogs that show one, not with the first page.
import '@mantine/dates/styles.css';
import 'dayjs/locale/hr';
import { useState } from 'react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { todayInZagreb } from '@faktura/shared';
import { fieldErrors } from '../../lib/apiError';
import { dateInputFormat } from '../../lib/dateInput';
import { currentLanguage } from '../../lib/i18n';
import { notifyApiError, notifySuccess } from '../../lib/notify';
import { invoiceApi } from './api';
import { formatAmount, formatDay } from './list/format';
import { ActionBar } from '../../components/ActionBar';

/** What the dialog shows of the invoice: a list row and a full invoice both have it. */
export interface ClearTarget {
  id: number;
  invoiceNumber: string | null;
  client: string;
  totalCents: number;
  currencyCode: string;
  billingDate: string;
}

interface ClearInvoiceModalProps {
  /** Kept while the dialog fades out; the parent remounts the dialog (key) for another invoice. */
  row: ClearTarget | null;
  opened: boolean;
  onClose: () => void;
  /** After the invoice was marked cleared, so a list can drop it at once. */
  onCleared: (row: ClearTarget) => void;
  /** After a refusal other than a bad date: the screen may be out of date (cleared in another tab). */
  onRefused?: () => void;
  /** The calendar day it is (tests fix it); Zagreb's today by default. */
  today?: string;
}

/**
 * Asks for the payment date (today unless told otherwise, between the billing date and today) and
 * marks the invoice cleared. Used by Submitted and by the edit page.
 */
export function ClearInvoiceModal({
  row,
  opened,
  onClose,
  onCleared,
  onRefused,
  today = todayInZagreb(),
}: ClearInvoiceModalProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [date, setDate] = useState(today);
  const [dateError, setDateError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Reopening the same invoice starts afresh, not with the date or error left from last time.
  function close() {
    setDate(today);
    setDateError(null);
    onClose();
  }

  async function confirm(invoice: ClearTarget) {
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
        onRefused?.();
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
            {t('dashboard.submitted.dialogText', { client: row.client, amount: formatAmount(row, language) })}
          </Text>
          <DatePickerInput
            label={t('dashboard.submitted.paymentDate')}
            description={t('dashboard.submitted.paymentDateHelp', {
              date: formatDay(row.billingDate, language),
            })}
            value={date}
            onChange={(value) => {
              setDate(value ?? today);
              setDateError(null);
            }}
            minDate={row.billingDate}
            maxDate={today}
            valueFormat={dateInputFormat(language)}
            locale={language}
            firstDayOfWeek={1}
            error={dateError}
            leftSection={<IconCalendar size={18} aria-hidden />}
            data-autofocus
          />
          <ActionBar>
            <Button variant="default" onClick={close} disabled={busy}>
              {t('recordActions.cancel')}
            </Button>
            <Button color="green" onClick={() => void confirm(row)} loading={busy}>
              {t('dashboard.submitted.confirm')}
            </Button>
          </ActionBar>
        </Stack>
      )}
    </Modal>
  );
}

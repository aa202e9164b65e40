import { useState } from 'react';
import { Alert, Button, Checkbox, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  type Invoice,
  type Payment,
  type PaymentRecordMethod,
  PAYMENT_RECORD_METHODS,
  centsInput,
  formatMoney,
  parseCents,
  proposedRecordMethod,
  todayInZagreb,
} from '@faktura/shared';
import { ActionBar } from '../../../components/ActionBar';
import { DecimalInput } from '../../../components/DecimalInput';
import { useDialogFullScreen } from '../../../components/useDialogFullScreen';
import { ApiRequestError, errorReason } from '../../../lib/apiError';
import { currentLanguage } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { invoiceApi } from '../api';
import { DateField } from '../form/DateField';
import { formatDay } from '../list/format';
import { leftOf, standingOf } from './paymentsModel';

/** What the dialog needs of the invoice; its payment method, when known, proposes how it was paid. */
export type PaymentTarget = Pick<
  Invoice,
  'id' | 'invoiceNumber' | 'client' | 'currencyCode' | 'billingDate' | 'remainingCents' | 'paidCents'
> &
  Partial<Pick<Invoice, 'paymentMethod'>>;

interface RecordPaymentModalProps {
  invoice: PaymentTarget;
  /** A correction of this payment (a negative record naming it); a new payment when absent. */
  correcting?: { payment: Payment; all: readonly Payment[] } | null;
  opened: boolean;
  onClose: () => void;
  /** After the server recorded it: the page reads the invoice and its payments again. */
  onRecorded: () => void;
  /** The calendar day it is (tests fix it); Zagreb's today by default. */
  today?: string;
}

/**
 * Records a payment received (decision 027): the amount still open, today and the way the invoice
 * asks to be paid (a bank transfer; cash or card for a cash or card invoice) are proposed; an amount
 * above what is open asks whether the client really paid more. A correction takes back part or all
 * of a payment (at most what is left of it), recorded as a negative amount.
 * The server's refusals are shown in the dialog, beside the input they concern, and nothing typed is lost.
 * The parent mounts it afresh (key) for each opening, so it starts from the proposal every time.
 */
export function RecordPaymentModal({
  invoice,
  correcting = null,
  opened,
  onClose,
  onRecorded,
  today = todayInZagreb(),
}: RecordPaymentModalProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const fullScreen = useDialogFullScreen();
  const money = (cents: number) => formatMoney(cents, invoice.currencyCode, language);
  const standing = standingOf(invoice);
  const maxCorrection = correcting ? leftOf(correcting.payment, correcting.all) : 0;
  const proposed = correcting ? maxCorrection : Math.max(0, standing.open);
  const [amountText, setAmountText] = useState(() => (proposed > 0 ? centsInput(proposed, language) : ''));
  const [date, setDate] = useState(today);
  const [method, setMethod] = useState<PaymentRecordMethod>(
    correcting?.payment.method ?? proposedRecordMethod(invoice.paymentMethod ?? 'WIRE'),
  );
  const [note, setNote] = useState('');
  const [allowOverpayment, setAllowOverpayment] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string; date?: string; other?: string }>({});
  const [busy, setBusy] = useState(false);

  const parsed = parseCents(amountText, language);
  const cents = parsed.ok ? parsed.value : 0;
  const over = !correcting && parsed.ok && cents > standing.open;

  function localProblem(): string | null {
    if (!parsed.ok) return t(parsed.error);
    if (cents <= 0) return t('payments.dialog.positive');
    if (correcting && cents > maxCorrection) return t('payments.dialog.tooMuch', { max: money(maxCorrection) });
    return null;
  }

  async function submit() {
    const problem = localProblem();
    if (problem) {
      setErrors({ amount: problem });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await invoiceApi.recordPayment(invoice.id, {
        date,
        amount: (correcting ? -cents : cents) / 100,
        method,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(correcting ? { correctsPaymentId: correcting.payment.id } : {}),
        ...(over && allowOverpayment ? { allowOverpayment: true } : {}),
      });
      notifySuccess(
        correcting
          ? t('payments.dialog.correctionRecorded', { amount: money(-cents) })
          : t('payments.dialog.recorded', { amount: money(cents) }),
      );
      onRecorded();
      onClose();
    } catch (failure) {
      // the server's reason, in the language it was asked in, beside the input it concerns
      setErrors(refusalOf(failure));
    } finally {
      setBusy(false);
    }
  }

  const number = invoice.invoiceNumber ?? '';
  const billingDate = invoice.billingDate ?? today;
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => undefined : onClose}
      title={t(correcting ? 'payments.dialog.correctionTitle' : 'payments.dialog.title', { number })}
      fullScreen={fullScreen}
      centered
    >
      <Stack>
        <Text size="sm">
          {correcting
            ? t('payments.dialog.correctionIntro', {
                date: formatDay(correcting.payment.date, language),
                amount: money(correcting.payment.amountCents),
                max: money(maxCorrection),
              })
            : t('payments.dialog.intro', {
                client: invoice.client,
                due: money(standing.due),
                paid: money(standing.paid),
                open: money(Math.max(0, standing.open)),
              })}
        </Text>
        {errors.other && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errors.other}
          </Alert>
        )}
        <DecimalInput
          label={t(correcting ? 'payments.dialog.correctionAmount' : 'payments.dialog.amount')}
          suffix={invoice.currencyCode === 'EUR' ? '€' : invoice.currencyCode}
          value={amountText}
          onChange={(event) => {
            setAmountText(event.currentTarget.value);
            setErrors((e) => ({ ...e, amount: undefined, other: undefined }));
          }}
          error={errors.amount}
          withAsterisk
          data-autofocus
        />
        {over && (
          <Checkbox
            label={t('payments.dialog.allowOverpayment')}
            description={t('payments.dialog.overHint', { open: money(Math.max(0, standing.open)) })}
            checked={allowOverpayment}
            onChange={(event) => setAllowOverpayment(event.currentTarget.checked)}
          />
        )}
        <DateField
          label={t('payments.dialog.date')}
          description={t('payments.dialog.dateHelp', { date: formatDay(billingDate, language) })}
          value={date}
          onChange={(value) => {
            setDate(value);
            setErrors((e) => ({ ...e, date: undefined }));
          }}
          minDate={billingDate}
          maxDate={today}
          error={errors.date}
        />
        <Select
          label={t('payments.dialog.method')}
          data={PAYMENT_RECORD_METHODS.map((value) => ({ value, label: t(`payments.methods.${value}`) }))}
          value={method}
          onChange={(value) => value && setMethod(value as PaymentRecordMethod)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('payments.dialog.note')}
          placeholder={t('payments.dialog.notePlaceholder')}
          value={note}
          maxLength={500}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <ActionBar>
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('recordActions.cancel')}
          </Button>
          <Button color="green" onClick={() => void submit()} loading={busy}>
            {t(correcting ? 'payments.dialog.submitCorrection' : 'payments.dialog.submit')}
          </Button>
        </ActionBar>
      </Stack>
    </Modal>
  );
}

/** A refusal as the dialog shows it: by the amount, by the date, or above the inputs. */
function refusalOf(failure: unknown): { amount?: string; date?: string; other?: string } {
  if (!(failure instanceof ApiRequestError)) return { other: errorReason(failure) };
  const shown: { amount?: string; date?: string; other?: string } = {};
  for (const { field, reason } of failure.errors) {
    const place = field === 'amount' || field === 'date' ? field : 'other';
    shown[place] ??= reason;
  }
  return shown;
}

import { useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowBackUp, IconCash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PaymentRecordMethod, type ReceivedDocument, PAYMENT_RECORD_METHODS, centsInput, formatMoney, parseCents, todayInZagreb } from '@faktura/shared';
import { ActionBar } from '../../components/ActionBar';
import { DecimalInput } from '../../components/DecimalInput';
import { TableScroll } from '../../components/TableScroll';
import { useDialogFullScreen } from '../../components/useDialogFullScreen';
import { ApiRequestError, errorReason } from '../../lib/apiError';
import { currentLanguage } from '../../lib/i18n';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { formatDay } from '../invoices';
import { deleteReceivedPayment, recordReceivedPayment } from './api';

/**
 * The payments the user made of a received invoice (decision 039): what is still open, "Mark as
 * paid" (a dialog proposing today, what is open and a bank transfer), each payment with its undo,
 * and a link to the supplier's record. `onChanged` reads the document again (state, open amount, code).
 */
export function ReceivedPayments({ doc, onChanged, today = todayInZagreb() }: { doc: ReceivedDocument; onChanged: () => void; today?: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const money = (cents: number) => formatMoney(cents, doc.currency, language);
  const [opened, setOpened] = useState(false);
  const [undoing, setUndoing] = useState<number | null>(null);
  const open = Math.max(0, doc.payableCents - doc.paidCents);
  const payable = doc.documentType === 'INVOICE' && doc.state !== 'REJECTED';

  async function undo(paymentId: number, amountCents: number) {
    setUndoing(paymentId);
    try {
      await deleteReceivedPayment(doc.id, paymentId);
      notifySuccess(t('inboxPay.undone', { amount: money(amountCents) }));
      onChanged();
    } catch (failure) {
      notifyFailure(t('inboxPay.undoFailed'), errorReason(failure));
    } finally {
      setUndoing(null);
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-label={t('inboxPay.title')}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <Title order={2} size="h4">
          {t('inboxPay.title')}
        </Title>
        {payable && open > 0 && (
          <Button color="green" leftSection={<IconCash size={18} />} onClick={() => setOpened(true)}>
            {t('inboxPay.markPaid')}
          </Button>
        )}
      </Group>
      <Stack gap="sm">
        <Text size="sm" data-testid="received-open">
          {doc.documentType !== 'INVOICE'
            ? t('inboxPay.creditNote')
            : doc.state === 'REJECTED'
              ? t('inboxPay.rejected')
              : open > 0
                ? t('inboxPay.open', { open: money(open), payable: money(doc.payableCents) })
                : t('inboxPay.paidInFull', { paid: money(doc.paidCents) })}
        </Text>
        {doc.payments.length === 0 ? (
          doc.documentType === 'INVOICE' && (
            <Text size="sm" c="dimmed">
              {t('inboxPay.none')}
            </Text>
          )
        ) : (
          <TableScroll minWidth={300}>
            <Table aria-label={t('inboxPay.title')} verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('inboxPay.columns.date')}</Table.Th>
                  <Table.Th ta="right">{t('inboxPay.columns.amount')}</Table.Th>
                  <Table.Th>{t('inboxPay.columns.method')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('inboxPay.columns.operator')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {doc.payments.map((payment) => (
                  <Table.Tr key={payment.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(payment.date, language)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {money(payment.amountCents)}
                    </Table.Td>
                    <Table.Td>
                      {t(`payments.methods.${payment.method}`)}
                      {payment.note && (
                        <Text size="xs" c="dimmed">
                          {payment.note}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{payment.operator}</Table.Td>
                    <Table.Td ta="right">
                      {doc.state !== 'REJECTED' && (
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          loading={undoing === payment.id}
                          aria-label={t('inboxPay.undoLabel', { amount: money(payment.amountCents), date: formatDay(payment.date, language) })}
                          onClick={() => void undo(payment.id, payment.amountCents)}
                          leftSection={<IconArrowBackUp size={16} aria-hidden />}
                        >
                          {/* on a phone the icon alone, so the row fits; its name is the aria-label */}
                          <Text span inherit visibleFrom="sm">
                            {t('inboxPay.undo')}
                          </Text>
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        )}
        {doc.supplierCompanyId !== null && (
          <Anchor component={Link} to="/Clients?role=supplier" size="sm">
            {t('inboxPay.supplierRecord')}
          </Anchor>
        )}
      </Stack>
      {opened && <MarkPaidModal doc={doc} today={today} onClose={() => setOpened(false)} onRecorded={onChanged} />}
    </Paper>
  );
}

/** "Mark as paid": today, what is still open and a bank transfer proposed; the server's refusals shown beside their input. */
function MarkPaidModal({ doc, today, onClose, onRecorded }: { doc: ReceivedDocument; today: string; onClose: () => void; onRecorded: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const fullScreen = useDialogFullScreen();
  const money = (cents: number) => formatMoney(cents, doc.currency, language);
  const open = Math.max(0, doc.payableCents - doc.paidCents);
  const [amountText, setAmountText] = useState(() => centsInput(open, language));
  const [date, setDate] = useState(today);
  const [method, setMethod] = useState<PaymentRecordMethod>('TRANSFER');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; date?: string; other?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit() {
    const parsed = parseCents(amountText, language);
    if (!parsed.ok || parsed.value <= 0) {
      setErrors({ amount: t('inboxPay.dialog.amountInvalid') });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await recordReceivedPayment(doc.id, { date, amountCents: parsed.value, method, ...(note.trim() ? { note: note.trim() } : {}) });
      notifySuccess(t('inboxPay.dialog.recorded', { amount: money(parsed.value) }));
      onRecorded();
      onClose();
    } catch (failure) {
      setErrors(refusalOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={busy ? () => undefined : onClose} title={t('inboxPay.dialog.title', { number: doc.number })} fullScreen={fullScreen} centered>
      <Stack>
        <Text size="sm">
          {t('inboxPay.dialog.intro', { supplier: doc.supplierName, payable: money(doc.payableCents), paid: money(doc.paidCents), open: money(open) })}
        </Text>
        {errors.other && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {errors.other}
          </Alert>
        )}
        <DecimalInput
          label={t('inboxPay.dialog.amount')}
          suffix={doc.currency === 'EUR' ? '€' : doc.currency}
          value={amountText}
          onChange={(event) => {
            setAmountText(event.currentTarget.value);
            setErrors((e) => ({ ...e, amount: undefined, other: undefined }));
          }}
          error={errors.amount}
          withAsterisk
          data-autofocus
        />
        <TextInput
          type="date"
          label={t('inboxPay.dialog.date')}
          value={date}
          min={doc.issueDate}
          max={today}
          onChange={(event) => {
            setDate(event.currentTarget.value);
            setErrors((e) => ({ ...e, date: undefined }));
          }}
          error={errors.date}
          withAsterisk
        />
        <Select
          label={t('inboxPay.dialog.method')}
          data={PAYMENT_RECORD_METHODS.map((value) => ({ value, label: t(`payments.methods.${value}`) }))}
          value={method}
          onChange={(value) => value && setMethod(value as PaymentRecordMethod)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput label={t('inboxPay.dialog.note')} value={note} maxLength={500} onChange={(event) => setNote(event.currentTarget.value)} />
        <ActionBar>
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('recordActions.cancel')}
          </Button>
          <Button color="green" onClick={() => void submit()} loading={busy}>
            {t('inboxPay.dialog.submit')}
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
    const place = field === 'amountCents' ? 'amount' : field === 'date' ? 'date' : 'other';
    shown[place] ??= reason;
  }
  return shown;
}

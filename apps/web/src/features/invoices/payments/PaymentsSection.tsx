import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowBackUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { type Invoice, type Payment, formatMoney } from '@faktura/shared';
import { ConfirmDeleteModal } from '../../../components/ConfirmDeleteModal';
import { TableScroll } from '../../../components/TableScroll';
import { errorReason } from '../../../lib/apiError';
import { currentLanguage } from '../../../lib/i18n';
import { notifyApiError, notifyFailure, notifySuccess } from '../../../lib/notify';
import { fiscalizationKey, invoiceApi, usePayments } from '../api';
import { amountStyle } from '../list/cells';
import { formatDay } from '../list/format';
import { useRefreshInvoices } from '../form/pageHooks';
import { PaymentReportCell, mayReportAgain } from './PaymentReportCell';
import { isCorrectable, isDeletable, standingOf } from './paymentsModel';
import { RecordPaymentModal } from './RecordPaymentModal';

/**
 * An issued invoice's payments (decision 027): each record with its day, amount, method, who
 * recorded it and where its report to the Tax Administration stands (decision 030), corrections as
 * negative amounts naming the payment they correct; what is due, paid and still open. A payment the
 * API would delete has a Delete (asked first), one with something left to take back a Correct, one
 * whose report waits or was refused a "Report again".
 */
export function PaymentsSection({ invoice, today }: { invoice: Invoice; today: string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { data: payments, error, mutate: reloadPayments } = usePayments(invoice.id);
  const { mutate } = useSWRConfig();
  const refresh = useRefreshInvoices();
  const [deleting, setDeleting] = useState<Payment | null>(null);
  const [reporting, setReporting] = useState(false);
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const [correcting, setCorrecting] = useState<Payment | null>(null);
  const money = (cents: number) => formatMoney(cents, invoice.currencyCode, language);
  const standing = standingOf(invoice);
  const all = payments ?? [];
  const byId = new Map(all.map((p) => [p.id, p]));
  const described = (p: Payment) => ({ date: formatDay(p.date, language), amount: money(p.amountCents) });

  async function remove(payment: Payment) {
    try {
      await invoiceApi.deletePayment(invoice.id, payment.id);
      notifySuccess(t('payments.deleted'));
    } catch (failure) {
      notifyFailure(t('payments.deleteFailed'), errorReason(failure));
    } finally {
      refresh();
    }
  }

  /** Sends the waiting and refused reports now; says whether they were all taken. */
  async function reportAgain() {
    setReporting(true);
    try {
      const fiscalization = await invoiceApi.reportPaymentsNow(invoice.id);
      void mutate(fiscalizationKey(invoice.id), fiscalization, { revalidate: false });
      const now = await reloadPayments();
      const left = (now ?? []).find((p) => mayReportAgain(p.report));
      if (!left) notifySuccess(t('payments.report.sent'));
      else
        notifyFailure(
          t('payments.report.notSent'),
          left.report?.error
            ? `${left.report.error.code} ${left.report.error.text ?? ''}`.trim()
            : t('payments.report.pending', {
                deadline: formatDay(left.report?.deadline ?? left.date, language),
              }),
        );
    } catch (failure) {
      notifyApiError(failure);
    } finally {
      setReporting(false);
      refresh();
    }
  }

  const reportOf = (payment: Payment) => (
    <PaymentReportCell
      payment={payment}
      language={language}
      againLabel={t('payments.report.againAria', described(payment))}
      sending={reporting}
      onAgain={() => void reportAgain()}
    />
  );

  /** The correction it is, its note, and whether it was corrected. */
  const notesOf = (payment: Payment) => {
    const corrected = payment.correctsPaymentId === null ? undefined : byId.get(payment.correctsPaymentId);
    return (
      <Stack gap={2}>
        {corrected && (
          <Text size="sm" c="dimmed">
            {t('payments.correctionOf', described(corrected))}
          </Text>
        )}
        {payment.note && <Text size="sm">{payment.note}</Text>}
        {all.some((p) => p.correctsPaymentId === payment.id) && (
          <Badge size="sm" variant="light" color="gray">
            {t('payments.corrected')}
          </Badge>
        )}
      </Stack>
    );
  };

  const actionsOf = (payment: Payment) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {isCorrectable(payment, all) && (
        <ActionIcon
          variant="subtle"
          color="orange"
          aria-label={t('payments.correctAria', described(payment))}
          title={t('payments.correctAria', described(payment))}
          onClick={() => setCorrecting(payment)}
        >
          <IconArrowBackUp size={18} stroke={1.6} />
        </ActionIcon>
      )}
      {isDeletable(payment, all) && (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('payments.deleteAria', described(payment))}
          title={t('payments.deleteAria', described(payment))}
          onClick={() => setDeleting(payment)}
        >
          <IconTrash size={18} stroke={1.6} />
        </ActionIcon>
      )}
    </Group>
  );

  return (
    <Paper withBorder p="md" mt="md" component="section" aria-labelledby="invoice-payments">
      <Title order={2} size="h4" mb="sm" id="invoice-payments">
        {t('payments.title')}
      </Title>
      {error ? (
        <Alert color="red" variant="light">
          {t('payments.loadFailed')}
        </Alert>
      ) : payments && payments.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('payments.empty')}
        </Text>
      ) : // a phone shows each payment as a card (the table's columns need about 860 px)
      phone ? (
        <Stack gap="xs" role="list" aria-label={t('payments.table')}>
          {all.map((payment) => (
            <Paper key={payment.id} withBorder radius="sm" p="xs" role="listitem">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {formatDay(payment.date, language)} ·{' '}
                    <Text span inherit style={amountStyle} c={payment.amountCents < 0 ? 'red' : undefined}>
                      {money(payment.amountCents)}
                    </Text>
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t(`payments.methods.${payment.method}`)} · {payment.operator}
                  </Text>
                </Stack>
                {actionsOf(payment)}
              </Group>
              {notesOf(payment)}
              <Stack gap={2} mt={4}>
                {reportOf(payment)}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <TableScroll minWidth={860}>
          <Table aria-label={t('payments.table')} striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payments.columns.date')}</Table.Th>
                <Table.Th ta="right">{t('payments.columns.amount')}</Table.Th>
                <Table.Th>{t('payments.columns.method')}</Table.Th>
                <Table.Th>{t('payments.columns.operator')}</Table.Th>
                <Table.Th>{t('payments.columns.reported')}</Table.Th>
                <Table.Th>{t('payments.columns.note')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('payments.columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {all.map((payment) => (
                <Table.Tr key={payment.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(payment.date, language)}</Table.Td>
                  <Table.Td ta="right" style={amountStyle} c={payment.amountCents < 0 ? 'red' : undefined}>
                    {money(payment.amountCents)}
                  </Table.Td>
                  <Table.Td>{t(`payments.methods.${payment.method}`)}</Table.Td>
                  <Table.Td>{payment.operator}</Table.Td>
                  <Table.Td style={{ minWidth: 220, maxWidth: 320 }}>{reportOf(payment)}</Table.Td>
                  <Table.Td>{notesOf(payment)}</Table.Td>
                  <Table.Td>{actionsOf(payment)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      <SimpleGrid
        component="dl"
        cols={{ base: 3 }}
        mt="sm"
        mb={0}
        spacing="xs"
        aria-label={t('payments.title')}
      >
        <Amount label={t('payments.due')} value={money(standing.due)} />
        <Amount label={t('payments.paid')} value={money(standing.paid)} />
        {standing.open < 0 ? (
          <Amount label={t('payments.overpaid')} value={money(-standing.open)} />
        ) : (
          <Amount label={t('payments.open')} value={money(standing.open)} />
        )}
      </SimpleGrid>
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('payments.deleteTitle')}
        question={t('payments.deleteQuestion')}
        subject={
          deleting
            ? `${formatDay(deleting.date, language)} · ${money(deleting.amountCents)} · ${t(`payments.methods.${deleting.method}`)}`
            : ''
        }
        onClose={() => setDeleting(null)}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
      {correcting && (
        <RecordPaymentModal
          key={correcting.id}
          invoice={invoice}
          correcting={{ payment: correcting, all }}
          opened
          today={today}
          onClose={() => setCorrecting(null)}
          onRecorded={refresh}
        />
      )}
    </Paper>
  );
}

function Amount({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} style={amountStyle}>
        {value}
      </Text>
    </Stack>
  );
}

import { Badge, Group, Text } from '@mantine/core';
import { IconMailCheck, IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type InvoiceListRow, formatMoney } from '@faktura/shared';
import { currentLanguage } from '../../../lib/i18n';
import { AdvanceLabel } from '../../advances';
import { SentMark } from '../../email';
import { InvoiceStateBadge } from '../InvoiceStateBadge';
import { formatDay } from './format';

// Cells that the invoice list, the dashboard and the submitted list show alike.

/** The number, or for a draft (numbered only when issued) a dash and the word "draft". */
export function InvoiceNumberText({ row }: { row: Pick<InvoiceListRow, 'invoiceNumber' | 'documentType'> }) {
  const { t } = useTranslation();
  if (row.invoiceNumber && row.documentType === 'CREDIT_NOTE')
    return (
      <Group gap={6} wrap="nowrap" component="span">
        <span>{row.invoiceNumber}</span>
        <CreditNoteLabel />
      </Group>
    );
  if (row.invoiceNumber && row.documentType === 'ADVANCE')
    return (
      <Group gap={6} wrap="nowrap" component="span">
        <span>{row.invoiceNumber}</span>
        <AdvanceLabel />
      </Group>
    );
  if (row.invoiceNumber) return <>{row.invoiceNumber}</>;
  return (
    <Text span c="dimmed" fs="italic" inherit>
      — {t('invoices.draftNumber')}
    </Text>
  );
}

/** "Odobrenje" beside a credit note's number. */
export function CreditNoteLabel() {
  const { t } = useTranslation();
  return (
    <Badge color="orange" variant="outline" size="sm">
      {t('invoices.creditNoteLabel')}
    </Badge>
  );
}

/** An invoice's credit notes: "Djelomično odobreno" for part of it, "Stornirano" for all. */
export function CreditStatusBadge({ status }: { status: InvoiceListRow['creditStatus'] }) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <Badge color={status === 'FULL' ? 'orange' : 'grape'} variant="light">
      {t(`invoices.creditStatus.${status}`)}
    </Badge>
  );
}

/** A red "Overdue" badge; hovering it tells since when. */
export function OverdueBadge({ dueDate }: { dueDate: string }) {
  const { t } = useTranslation();
  return (
    <Badge
      color="red"
      variant="filled"
      title={t('invoices.overdueSince', { date: formatDay(dueDate, currentLanguage()) })}
    >
      {t('invoices.overdue')}
    </Badge>
  );
}

/**
 * "Djelomično plaćen 40,00 € / 100,00 €" while an issued invoice's payments cover part of what is
 * due (decision 027); nothing otherwise (unpaid and paid say it with the state).
 */
export function PartlyPaidBadge({
  invoice,
}: {
  invoice: { paidState: InvoiceListRow['paidState']; paidCents: number; dueCents: number; currencyCode: string };
}) {
  const { t } = useTranslation();
  if (invoice.paidState !== 'PARTLY_PAID') return null;
  const language = currentLanguage();
  const paid = formatMoney(invoice.paidCents, invoice.currencyCode, language);
  const due = formatMoney(invoice.dueCents, invoice.currencyCode, language);
  return (
    <Badge color="cyan" variant="light" title={t('invoices.partlyPaidTitle', { paid, due })}>
      {t('invoices.partlyPaid')} · {t('invoices.partlyPaidAmounts', { paid, due })}
    </Badge>
  );
}

/**
 * Where a document stands with the Tax Administration (decision 030), when it needs to be seen:
 * "Čeka fiskalizaciju" and "Fiskalizacija odbijena" in words, a fiscalized one as a small green mark
 * (its name in the tooltip and for a screen reader); nothing for one Faktura does not fiscalize.
 */
export function FiscalBadge({ status }: { status: InvoiceListRow['fiscalStatus'] }) {
  const { t } = useTranslation();
  if (status === 'FISCALIZED') {
    const label = t('invoices.fiscalStatus.FISCALIZED');
    return (
      <Badge color="teal" variant="light" px={4} title={label} aria-label={label} role="img">
        <IconRosetteDiscountCheck size={14} style={{ display: 'block' }} aria-hidden />
      </Badge>
    );
  }
  if (status !== 'PENDING' && status !== 'FAILED') return null;
  return (
    <Badge color={status === 'FAILED' ? 'red' : 'yellow'} variant={status === 'FAILED' ? 'filled' : 'light'}>
      {t(`invoices.fiscalStatus.${status}`)}
    </Badge>
  );
}

/**
 * Where an e-invoice stands with the intermediary (issue 32), when it needs to be seen: rejected by
 * the buyer's side or by the buyer after receipt, not accepted by the intermediary, or waiting to be
 * sent, in words; a delivered
 * one as a small mark (its name in the tooltip and for a screen reader); nothing otherwise.
 */
export function DeliveryBadge({ status, buyerRejected = false }: { status: InvoiceListRow['deliveryStatus']; buyerRejected?: boolean }) {
  const { t } = useTranslation();
  if (buyerRejected) {
    // the buyer's answer after delivery (decision 041): it needs a correction, so it says so in words
    return (
      <Badge color="red" variant="filled">
        {t('invoices.deliveryStatus.BUYER_REJECTED')}
      </Badge>
    );
  }
  if (status === 'DELIVERED') {
    const label = t('invoices.deliveryStatus.DELIVERED');
    return (
      <Badge color="teal" variant="light" px={4} title={label} aria-label={label} role="img">
        <IconMailCheck size={14} style={{ display: 'block' }} aria-hidden />
      </Badge>
    );
  }
  if (status !== 'PENDING' && status !== 'FAILED' && status !== 'REJECTED') return null;
  return (
    <Badge color={status === 'PENDING' ? 'yellow' : 'red'} variant={status === 'REJECTED' ? 'filled' : 'light'}>
      {t(`invoices.deliveryStatus.${status}`)}
    </Badge>
  );
}

/** The state badge, followed by the overdue badge once an issued invoice is past its due date. */
export function StateCell({ row }: { row: InvoiceListRow }) {
  return (
    <Group gap={6} wrap="nowrap">
      <InvoiceStateBadge state={row.invoiceState} creditSettled={row.creditSettled} />
      {!row.creditSettled && <CreditStatusBadge status={row.creditStatus} />}
      <PartlyPaidBadge invoice={row} />
      {row.overdue && <OverdueBadge dueDate={row.paymentDueDate} />}
      <FiscalBadge status={row.fiscalStatus} />
      <DeliveryBadge status={row.deliveryStatus} buyerRejected={row.buyerRejected} />
      {row.sentAt && <SentMark sentAt={row.sentAt} />}
    </Group>
  );
}

/** Amounts line up on the right, digits of equal width, never broken across lines. */
export const amountStyle = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

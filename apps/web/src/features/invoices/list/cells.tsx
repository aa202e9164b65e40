import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceListRow } from '@faktura/shared';
import { currentLanguage } from '../../../lib/i18n';
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

/** The state badge, followed by the overdue badge once an issued invoice is past its due date. */
export function StateCell({ row }: { row: InvoiceListRow }) {
  return (
    <Group gap={6} wrap="nowrap">
      <InvoiceStateBadge state={row.invoiceState} />
      <CreditStatusBadge status={row.creditStatus} />
      {row.overdue && <OverdueBadge dueDate={row.paymentDueDate} />}
      {row.sentAt && <SentMark sentAt={row.sentAt} />}
    </Group>
  );
}

/** Amounts line up on the right, digits of equal width, never broken across lines. */
export const amountStyle = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceListRow } from '@faktura/shared';
import { currentLanguage } from '../../../lib/i18n';
import { InvoiceStateBadge } from '../InvoiceStateBadge';
import { formatDay } from './format';

// Cells that the invoice list, the dashboard and the submitted list show alike.

/** The number, or for a draft (numbered only when issued) a dash and the word "draft". */
export function InvoiceNumberText({ row }: { row: InvoiceListRow }) {
  const { t } = useTranslation();
  if (row.invoiceNumber) return <>{row.invoiceNumber}</>;
  return (
    <Text span c="dimmed" fs="italic" inherit>
      — {t('invoices.draftNumber')}
    </Text>
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
      {row.overdue && <OverdueBadge dueDate={row.paymentDueDate} />}
    </Group>
  );
}

/** Amounts line up on the right, digits of equal width, never broken across lines. */
export const amountStyle = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceListRow } from '@faktura/shared';
import { currentLanguage } from '../../../lib/i18n';
import { amountStyle, InvoiceNumberText, StateCell } from './cells';
import { formatAmount, formatDay } from './format';
import { InvoiceRowActions, type RowHandlers } from './InvoiceRowActions';

/** A card's first lines: the number and the amount, then the client (the invoice list's and Submitted's cards). */
export function InvoiceCardHead({
  row,
  number,
  numberId,
}: {
  row: InvoiceListRow;
  number: ReactNode;
  numberId?: string;
}) {
  const language = currentLanguage();
  return (
    <>
      <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
        <Text fw={600} id={numberId} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {number}
        </Text>
        <Text fw={600} style={amountStyle}>
          {formatAmount(row, language)}
        </Text>
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {row.client}
      </Text>
    </>
  );
}

/**
 * The invoice list on a phone: one card per invoice (number and amount, client, date and state, then
 * the row's buttons), where the table's six columns would not fit beside each other.
 */
export function InvoiceCards({ rows, on }: { rows: InvoiceListRow[]; on: RowHandlers }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Stack gap="sm" component="ul" aria-label={t('invoices.list')} p={0} m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Paper key={row.id} component="li" withBorder p="sm">
          <InvoiceCardHead row={row} number={<InvoiceNumberText row={row} />} />
          <Group justify="space-between" align="center" gap="xs" mt={6}>
            <Group gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed">
                {formatDay(row.invoiceDate, language)}
              </Text>
              <StateCell row={row} />
            </Group>
            <InvoiceRowActions row={row} on={on} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

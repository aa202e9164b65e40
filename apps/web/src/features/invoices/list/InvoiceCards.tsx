import { Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceListRow } from '@faktura/shared';
import { currentLanguage } from '../../../lib/i18n';
import { amountStyle, InvoiceNumberText, StateCell } from './cells';
import { formatAmount, formatDay } from './format';
import { InvoiceRowActions, type RowHandlers } from './InvoiceRowActions';

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
          <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
            <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              <InvoiceNumberText row={row} />
            </Text>
            <Text fw={600} style={amountStyle}>
              {formatAmount(row, language)}
            </Text>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.client}
          </Text>
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

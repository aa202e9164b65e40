import { Button, Group, Table, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InvoiceListRow } from '@faktura/shared';
import { currentLanguage } from '../../lib/i18n';
import { amountStyle, OverdueBadge } from '../invoices/list/cells';
import { formatDay } from '../invoices/list/format';

interface SubmittedTableProps {
  rows: InvoiceListRow[];
  onClear: (row: InvoiceListRow) => void;
}

/** Issued invoices waiting for payment, each with its "mark as cleared" button. */
export function SubmittedTable({ rows, onClear }: SubmittedTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('dashboard.submitted.list')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('invoices.columns.number')}</Table.Th>
            <Table.Th>{t('invoices.columns.client')}</Table.Th>
            <Table.Th>{t('invoices.columns.date')}</Table.Th>
            <Table.Th>{t('invoices.columns.dueDate')}</Table.Th>
            <Table.Th ta="right">{t('invoices.columns.amount')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('recordActions.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td fw={500} style={{ whiteSpace: 'nowrap' }} id={`submitted-${row.id}`}>
                {row.invoiceNumber}
              </Table.Td>
              <Table.Td>{row.client}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(row.invoiceDate, language)}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <span style={{ whiteSpace: 'nowrap' }}>{formatDay(row.paymentDueDate, language)}</span>
                  {row.overdue && <OverdueBadge dueDate={row.paymentDueDate} />}
                </Group>
              </Table.Td>
              <Table.Td ta="right" style={amountStyle}>
                {row.amountFormatted}
              </Table.Td>
              <Table.Td ta="right">
                {/* The visible text is the name; the number cell says which invoice it is for. */}
                <Button
                  size="xs"
                  variant="light"
                  color="green"
                  leftSection={<IconCircleCheck size={16} />}
                  aria-describedby={`submitted-${row.id}`}
                  onClick={() => onClear(row)}
                >
                  {t('dashboard.submitted.markCleared')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

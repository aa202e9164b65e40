import { Button, Group, Table } from '@mantine/core';
import { IconBellRinging, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InvoiceListRow } from '@faktura/shared';
import { currentLanguage } from '../../../lib/i18n';
import { amountStyle, OverdueBadge } from '../list/cells';
import { formatAmount, formatDay } from '../list/format';
import { RecordTable } from '../../../components/RecordTable';

interface SubmittedTableProps {
  rows: InvoiceListRow[];
  onClear: (row: InvoiceListRow) => void;
  /** "Send reminder" on an overdue invoice. */
  onRemind?: (row: InvoiceListRow) => void;
}

/** Issued invoices waiting for payment, each with its "mark as cleared" button. */
export function SubmittedTable({ rows, onClear, onRemind }: SubmittedTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <RecordTable
      label={t('dashboard.submitted.list')}
      minWidth={760}
      columns={[
        { label: t('invoices.columns.number') },
        { label: t('invoices.columns.client') },
        { label: t('invoices.columns.date') },
        { label: t('invoices.columns.dueDate') },
        { label: t('invoices.columns.amount'), align: 'right' },
      ]}
    >
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
            {formatAmount(row, language)}
          </Table.Td>
          <Table.Td ta="right">
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              {row.overdue && onRemind && (
                <Button
                  size="xs"
                  variant="light"
                  color="orange"
                  leftSection={<IconBellRinging size={16} />}
                  aria-label={t('invoices.reminderAria', { number: row.invoiceNumber ?? '' })}
                  onClick={() => onRemind(row)}
                >
                  {t('invoices.reminderAction')}
                </Button>
              )}
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
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </RecordTable>
  );
}

import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBellRinging, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InvoiceListRow } from '@faktura/shared';
import { currentLanguage } from '../../../lib/i18n';
import { amountStyle, OverdueBadge } from '../list/cells';
import { InvoiceCardHead } from '../list/InvoiceCards';
import { formatAmount, formatDay } from '../list/format';
import { RecordTable } from '../../../components/RecordTable';

interface SubmittedTableProps {
  rows: InvoiceListRow[];
  onClear: (row: InvoiceListRow) => void;
  /** "Send reminder" on an overdue invoice. */
  onRemind?: (row: InvoiceListRow) => void;
}

/** The buttons of a row: "Send reminder" on an overdue invoice, and "mark as cleared". */
function SubmittedActions({
  row,
  onClear,
  onRemind,
}: { row: InvoiceListRow } & Omit<SubmittedTableProps, 'rows'>) {
  const { t } = useTranslation();
  return (
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
      {/* The visible text is the name; the number says which invoice it is for. */}
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
  );
}

/**
 * Issued invoices waiting for payment, each with its "mark as cleared" button: a table, and on a
 * phone one card per invoice (number and amount, client, due date; issue 31), as the invoice list.
 */
export function SubmittedTable({ rows, onClear, onRemind }: SubmittedTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false }) ?? false;
  if (phone)
    return (
      <Stack
        gap="sm"
        component="ul"
        aria-label={t('dashboard.submitted.list')}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {rows.map((row) => (
          <Paper key={row.id} component="li" withBorder p="sm">
            <InvoiceCardHead row={row} number={row.invoiceNumber} numberId={`submitted-${row.id}`} />
            <Group justify="space-between" align="center" gap="xs" mt={6}>
              <Group gap={6} wrap="wrap">
                <Text size="sm" c="dimmed">
                  {t('invoices.columns.dueDate')}: {formatDay(row.paymentDueDate, language)}
                </Text>
                {row.overdue && <OverdueBadge dueDate={row.paymentDueDate} />}
              </Group>
              <SubmittedActions row={row} onClear={onClear} {...(onRemind ? { onRemind } : {})} />
            </Group>
          </Paper>
        ))}
      </Stack>
    );
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
            <SubmittedActions row={row} onClear={onClear} {...(onRemind ? { onRemind } : {})} />
          </Table.Td>
        </Table.Tr>
      ))}
    </RecordTable>
  );
}

import { type ReactNode, useState } from 'react';
import { Anchor, Button, Group, Paper, Table, Title, VisuallyHidden } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { InvoiceListRow } from '@faktura/shared';
import { currentLanguage } from '../../lib/i18n';
import { amountStyle, InvoiceNumberText, StateCell, formatAmount, formatDay } from '../invoices';
import { SendEmailDialog, type SendEmailTarget } from '../email';
import { TableScroll } from '../../components/TableScroll';

/** The year's five newest issued invoices. */
export function LatestInvoices({ rows }: { rows: InvoiceListRow[] }) {
  const { t } = useTranslation();
  return <DashboardInvoices id="latest-invoices-title" title={t('dashboard.latest')} rows={rows} />;
}

interface DashboardInvoicesProps {
  /** The heading's id: it names the section and its table. */
  id: string;
  title: string;
  rows: InvoiceListRow[];
  /** Beside the heading (a link to all of them). */
  more?: ReactNode;
}

/**
 * A table of invoices on the dashboard; a row opens the invoice. An overdue one offers "Send
 * reminder" (the e-mail dialog with the reminder template), as the Submitted page does.
 */
export function DashboardInvoices({ id, title, rows, more }: DashboardInvoicesProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = currentLanguage();
  const [reminder, setReminder] = useState<SendEmailTarget | null>(null);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {more}
      </Group>
      <TableScroll minWidth={720}>
        <Table highlightOnHover verticalSpacing="xs" aria-labelledby={id}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoices.columns.number')}</Table.Th>
              <Table.Th>{t('invoices.columns.client')}</Table.Th>
              <Table.Th>{t('invoices.columns.date')}</Table.Th>
              <Table.Th>{t('invoices.columns.state')}</Table.Th>
              <Table.Th ta="right">{t('invoices.columns.amount')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('recordActions.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              // The whole row is a target for the mouse; the number is the link for keyboards and readers.
              <Table.Tr
                key={row.id}
                style={{ cursor: 'pointer' }}
                onClick={() => void navigate(`/Invoices/${row.id}`)}
              >
                <Table.Td fw={500} style={{ whiteSpace: 'nowrap' }}>
                  <Anchor
                    component={Link}
                    to={`/Invoices/${row.id}`}
                    inherit
                    onClick={(event) => event.stopPropagation()}
                  >
                    <InvoiceNumberText row={row} />
                  </Anchor>
                </Table.Td>
                <Table.Td>{row.client}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(row.invoiceDate, language)}</Table.Td>
                <Table.Td>
                  <StateCell row={row} />
                </Table.Td>
                <Table.Td ta="right" style={amountStyle}>
                  {formatAmount(row, language)}
                </Table.Td>
                <Table.Td ta="right">
                  {row.overdue && row.invoiceNumber && (
                    <Button
                      size="xs"
                      variant="light"
                      color="orange"
                      leftSection={<IconBellRinging size={16} />}
                      aria-label={t('invoices.reminderAria', { number: row.invoiceNumber })}
                      onClick={(event) => {
                        // the row itself opens the invoice
                        event.stopPropagation();
                        setReminder({ invoiceId: row.id, number: row.invoiceNumber ?? '', kind: 'reminder' });
                      }}
                    >
                      {t('invoices.reminderAction')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <SendEmailDialog target={reminder} onClose={() => setReminder(null)} />
    </Paper>
  );
}

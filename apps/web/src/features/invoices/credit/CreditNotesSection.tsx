import { Anchor, Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, type Invoice } from '@faktura/shared';
import { currentLanguage } from '../../../lib/i18n';
import { amountStyle } from '../list/cells';
import { formatDay } from '../list/format';

/** An issued invoice's credit notes (number linking to each, date, amount) and what remains of it. */
export function CreditNotesSection({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  if (invoice.creditNotes.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="invoice-credit-notes">
      <Title order={2} size="h4" mb="sm" id="invoice-credit-notes">
        {t('creditNote.notesTitle')}
      </Title>
      <Table aria-label={t('creditNote.notesTable')} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('creditNote.columns.number')}</Table.Th>
            <Table.Th>{t('creditNote.columns.date')}</Table.Th>
            <Table.Th ta="right">{t('creditNote.columns.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.creditNotes.map((note) => (
            <Table.Tr key={note.id}>
              <Table.Td>
                <Anchor component={Link} to={`/Invoices/${note.id}`} size="sm">
                  {note.number ?? note.id}
                </Anchor>
              </Table.Td>
              <Table.Td>{formatDay(note.billingDate, language)}</Table.Td>
              <Table.Td ta="right" style={amountStyle}>
                {formatMoney(note.totalCents, invoice.currencyCode, language)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text mt="sm" fw={500}>
        {t('creditNote.remainingAmount', {
          amount: formatMoney(invoice.remainingCents, invoice.currencyCode, language),
        })}
      </Text>
    </Paper>
  );
}

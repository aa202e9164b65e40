import { Anchor, Badge, Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Invoice, formatDate, formatMoney, formatNumber } from '@faktura/shared';
import { TableScroll } from '../../components/TableScroll';
import { currentLanguage } from '../../lib/i18n';

/** "Račun za predujam" beside an advance invoice's number (in the first screens' texts: the list shows it). */
export function AdvanceLabel() {
  const { t } = useTranslation();
  return (
    <Badge color="grape" variant="light">
      {t('invoices.advanceLabel')}
    </Badge>
  );
}

/**
 * On an invoice's page (issue 48): a final invoice's advances deducted (number, date, base and VAT per
 * rate) with what they paid and what remains; an advance invoice's final invoice, or that none yet.
 */
export function AdvancesSection({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const money = (cents: number) => formatMoney(cents, invoice.currencyCode, language);
  if (invoice.documentType === 'ADVANCE') {
    return (
      <Paper withBorder p="md" component="section" aria-labelledby="advance-deduction">
        <Title order={2} size="h4" mb="xs" id="advance-deduction">
          {t('advances.label')}
        </Title>
        <Text size="sm">
          {invoice.deductedBy ? (
            <>
              {t('advances.deductedBy')}{' '}
              <Anchor component={Link} to={`/Invoices/${String(invoice.deductedBy.id)}`}>
                {invoice.deductedBy.number}
              </Anchor>
            </>
          ) : (
            t('advances.notDeducted')
          )}
        </Text>
      </Paper>
    );
  }
  if (invoice.advances.length === 0) return null;
  const prepaid = invoice.advances.reduce((sum, a) => sum + a.totalCents, 0);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="invoice-advances-deducted">
      <Title order={2} size="h4" mb="xs" id="invoice-advances-deducted">
        {t('advances.section.title')}
      </Title>
      <TableScroll minWidth={560}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              {(['number', 'date', 'rate', 'base', 'vat', 'total'] as const).map((c) => (
                <Table.Th key={c} ta={c === 'number' || c === 'date' ? 'left' : 'right'}>
                  {t(`advances.section.${c}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.advances.flatMap((a) =>
              a.vatGroups.map((g) => (
                <Table.Tr key={`${String(a.id)}-${String(g.rateBp)}`}>
                  <Table.Td>
                    <Anchor component={Link} to={`/Invoices/${String(a.id)}`}>
                      {a.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDate(a.billingDate, language)}</Table.Td>
                  <Table.Td ta="right">{`${formatNumber(g.rateBp / 100, language)} %`}</Table.Td>
                  <Table.Td ta="right">{money(g.baseCents)}</Table.Td>
                  <Table.Td ta="right">{money(g.vatCents)}</Table.Td>
                  <Table.Td ta="right">{money(g.baseCents + g.vatCents)}</Table.Td>
                </Table.Tr>
              )),
            )}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <Text ta="right" mt="sm">
        {t('advances.section.prepaid')}: {money(prepaid)}
      </Text>
      <Text ta="right" fw={700}>
        {t('advances.section.remaining')}: {money(Math.max(0, invoice.totalCents - prepaid))}
      </Text>
    </Paper>
  );
}

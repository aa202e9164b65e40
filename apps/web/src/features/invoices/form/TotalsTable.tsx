import { Paper, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, type VatTreatment } from '@faktura/shared';
import { currentLanguage } from '../../../lib/i18n';
import type { TotalsView } from './totals';

interface TotalsTableProps {
  totals: TotalsView;
  currency: string;
  treatment: VatTreatment;
}

/**
 * Subtotal, VAT per rate and total, in the invoice's currency. Without Croatian VAT there are no
 * rates to list; the row names the reason instead (reverse charge, outside the EU, ...).
 */
export function TotalsTable({ totals, currency, treatment }: TotalsTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const money = (cents: number) => formatMoney(cents, currency, language);
  return (
    <Paper withBorder p="sm" ml="auto" miw={280} w={{ base: '100%', sm: 'auto' }}>
      <Table aria-label={t('invoiceForm.totals.label')} withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{t('invoiceForm.totals.subtotal')}</Table.Th>
            <Table.Td ta="right">{money(totals.subtotalCents)}</Table.Td>
          </Table.Tr>
          {treatment !== 'DOMESTIC' && (
            <Table.Tr>
              <Table.Th scope="row" fw={400}>
                {t('invoiceForm.totals.vatNone', { treatment: t(`invoiceForm.vatTreatments.${treatment}`) })}
              </Table.Th>
              <Table.Td ta="right">{money(totals.vatCents)}</Table.Td>
            </Table.Tr>
          )}
          {treatment === 'DOMESTIC' &&
            totals.vatGroups.map((group) => (
              <Table.Tr key={group.rateBp}>
                <Table.Th scope="row" fw={400}>
                  {t('invoiceForm.totals.vat', { rate: group.rateBp / 100 })}
                </Table.Th>
                <Table.Td ta="right">{money(group.vatCents)}</Table.Td>
              </Table.Tr>
            ))}
          <Table.Tr fz="lg">
            <Table.Th scope="row">{t('invoiceForm.totals.total')}</Table.Th>
            <Table.Td ta="right" fw={700}>
              {money(totals.totalCents)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

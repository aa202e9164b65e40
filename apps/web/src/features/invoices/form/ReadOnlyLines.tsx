import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, quantityFromWire, type Invoice } from '@faktura/shared';
import { currentLanguage } from '../../../lib/i18n';
import { linesOf } from './invoiceFormModel';
import { TableScroll } from '../../../components/TableScroll';

/**
 * An issued invoice's lines as they were issued; once credit notes have credited some of it, how
 * much of each line they took and what remains.
 */
export function ReadOnlyLines({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const number = (value: number) =>
    new Intl.NumberFormat(language === 'hr' ? 'hr-HR' : 'en-GB').format(value);
  const domestic = invoice.vatTreatment === 'DOMESTIC';
  const credited =
    invoice.documentType === 'INVOICE' && invoice.lineItems.some((line) => line.creditedQuantity > 0);
  // the lines in integer units; thousandths and basis points are divided only to be shown
  const lines = linesOf(invoice);
  const milli = (value: number) => number(value / 1000);
  const creditedMilli = (index: number) => quantityFromWire(invoice.lineItems[index]?.creditedQuantity ?? 0);
  return (
    <TableScroll minWidth={640}>
      <Table aria-label={t('invoiceForm.sections.lines')} striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.description')}</Table.Th>
            <Table.Th ta="right">{t('fields.quantity')}</Table.Th>
            <Table.Th ta="right">{t('fields.price')}</Table.Th>
            <Table.Th ta="right">{t('fields.discountPercent')}</Table.Th>
            {domestic && <Table.Th ta="right">{t('fields.vatRate')}</Table.Th>}
            <Table.Th ta="right">{t('invoiceForm.lineTotal')}</Table.Th>
            {credited && <Table.Th ta="right">{t('creditNote.credited')}</Table.Th>}
            {credited && <Table.Th ta="right">{t('creditNote.left')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line, index) => (
            <Table.Tr key={index}>
              <Table.Td>
                <Text size="sm">{line.description}</Text>
                {line.descriptionEn && (
                  <Text size="xs" c="dimmed">
                    {line.descriptionEn}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">
                {milli(line.quantityMilli)} {t(`units.${line.unit}_short`)}
              </Table.Td>
              <Table.Td ta="right">{formatMoney(line.priceCents, line.currency, language)}</Table.Td>
              <Table.Td ta="right">{number(line.discountBp / 100)} %</Table.Td>
              {domestic && (
                <Table.Td ta="right">{t('invoiceForm.vatRateOption', { rate: line.vatRateBp / 100 })}</Table.Td>
              )}
              <Table.Td ta="right">{formatMoney(invoice.lineItems[index]?.lineTotalCents ?? 0, line.currency, language)}</Table.Td>
              {credited && (
                <Table.Td ta="right">
                  {milli(creditedMilli(index))} {t(`units.${line.unit}_short`)}
                </Table.Td>
              )}
              {credited && (
                <Table.Td ta="right">
                  {milli(line.quantityMilli - creditedMilli(index))} {t(`units.${line.unit}_short`)}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Invoice } from '@faktura/shared';
import { currentLanguage } from '../../../lib/i18n';

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
  const remaining = (quantity: number, taken: number) => Math.round((quantity - taken) * 1000) / 1000;
  return (
    <Table.ScrollContainer minWidth={640}>
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
          {invoice.lineItems.map((line, index) => (
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
                {number(line.quantity)} {t(`units.${line.unit}_short`)}
              </Table.Td>
              <Table.Td ta="right">{formatMoney(line.priceCents, line.currencyCode, language)}</Table.Td>
              <Table.Td ta="right">{number(line.discountPercent)} %</Table.Td>
              {domestic && (
                <Table.Td ta="right">{t('invoiceForm.vatRateOption', { rate: line.vatRate })}</Table.Td>
              )}
              <Table.Td ta="right">{formatMoney(line.lineTotalCents, line.currencyCode, language)}</Table.Td>
              {credited && (
                <Table.Td ta="right">
                  {number(line.creditedQuantity)} {t(`units.${line.unit}_short`)}
                </Table.Td>
              )}
              {credited && (
                <Table.Td ta="right">
                  {number(remaining(line.quantity, line.creditedQuantity))} {t(`units.${line.unit}_short`)}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

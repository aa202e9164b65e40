import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Invoice } from '@faktura/shared';
import { currentLanguage } from '../../../lib/i18n';

/** An issued invoice's lines as they were issued. */
export function ReadOnlyLines({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const number = (value: number) =>
    new Intl.NumberFormat(language === 'hr' ? 'hr-HR' : 'en-GB').format(value);
  const domestic = invoice.vatTreatment === 'DOMESTIC';
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
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Invoice, formatDayTime } from '@faktura/shared';
import { currentLanguage } from '../../../lib/i18n';
import { formatDay } from '../list/format';
import { useContractLabel } from './contractLabel';

/** What an issued invoice says and keeps: client, number, operator, contract, dates. */
export function ReadOnlySummary({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const day = (iso: string) => formatDay(iso, language);
  const contractLabel = useContractLabel();
  const contract =
    invoice.contractType && invoice.contractDueDays !== null
      ? contractLabel(invoice.contractType, invoice.contractDueDays)
      : t('invoiceForm.noContract');
  const items: [string, string][] = [
    [t('fields.clientId'), invoice.client],
    [
      t(invoice.documentType === 'CREDIT_NOTE' ? 'invoiceForm.creditNoteNumber' : 'invoiceForm.number'),
      invoice.invoiceNumber ?? t('invoiceForm.draftNumber'),
    ],
    [t('invoiceForm.operator'), invoice.operator],
    [t('fields.contractType'), contract],
    [t('fields.paymentMethod'), t(`invoiceForm.paymentMethods.${invoice.paymentMethod}`)],
    [t('fields.vatTreatment'), t(`invoiceForm.vatTreatments.${invoice.vatTreatment}`)],
    // dated the day and time it was issued (decision 026); a draft is dated when issued
    [
      t('fields.billingDate'),
      invoice.billingDate
        ? invoice.issueTime
          ? formatDayTime(invoice.billingDate, invoice.issueTime, language)
          : day(invoice.billingDate)
        : t('invoiceForm.numberOnIssue'),
    ],
    [t('fields.deliveryDate'), day(invoice.deliveryDate)],
  ];
  if (invoice.servicePeriod)
    items.push([t('fields.servicePeriod'), `${day(invoice.servicePeriod.start)} – ${day(invoice.servicePeriod.end)}`]);
  // a document settled by credit notes was not paid: it has no payment date to show
  if (invoice.paymentDate && !invoice.creditSettled) items.push([t('fields.paymentDate'), day(invoice.paymentDate)]);
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 4 }} m={0}>
      {items.map(([label, value]) => (
        <Stack key={label} gap={0}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={500}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

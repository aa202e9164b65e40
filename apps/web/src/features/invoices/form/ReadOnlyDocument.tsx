import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@faktura/shared';
import { ReadOnlyLines } from './ReadOnlyLines';
import { ReadOnlySummary } from './ReadOnlySummary';
import { invoiceTotals } from './totals';
import { TotalsTable } from './TotalsTable';

/** What an issued document says and can no longer change: its facts, lines and totals. */
export function ReadOnlyDocument({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  return (
    <>
      <Paper withBorder p="md">
        <ReadOnlySummary invoice={invoice} />
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="invoice-lines">
        <Title order={2} size="h4" mb="sm" id="invoice-lines">
          {t('invoiceForm.sections.lines')}
        </Title>
        <Stack>
          <ReadOnlyLines invoice={invoice} />
          <TotalsTable totals={invoiceTotals(invoice)} currency={invoice.currencyCode} treatment={invoice.vatTreatment} />
        </Stack>
      </Paper>
    </>
  );
}

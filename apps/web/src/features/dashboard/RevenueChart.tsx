import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Dashboard } from '@faktura/shared';
import { currentLanguage } from '../../lib/i18n';
import { compactEuro, monthName } from '../invoices';

/** Issued euro per month of the year and the payments received in each, as bars (decision 028). */
export function RevenueChart({ monthly }: { monthly: Dashboard['monthly'] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  // The chart scales bars by number, so cents become euro here; amounts shown to people are
  // formatted back from whole cents, so nothing is rounded twice.
  const data = monthly.map((month) => ({
    month: monthName(month.month, language),
    issued: month.issuedEurCents / 100,
    cleared: month.paidEurCents / 100,
  }));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="revenue-chart-title">
      <Title order={2} size="h4" mb="md" id="revenue-chart-title">
        {t('dashboard.chart')}
      </Title>
      <BarChart
        h={280}
        data={data}
        dataKey="month"
        series={[
          { name: 'issued', label: t('dashboard.issued'), color: 'indigo.6' },
          { name: 'cleared', label: t('dashboard.cleared'), color: 'teal.6' },
        ]}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        tickLine="y"
        valueFormatter={(value) => formatMoney(Math.round(value * 100), 'EUR', language)}
        yAxisProps={{ tickFormatter: (value: number) => compactEuro(value, language), width: 72 }}
      />
    </Paper>
  );
}

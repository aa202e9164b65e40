import { Paper, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SWRConfig } from 'swr';
import { ListState } from '../../components/ListState';
import { PageHeader } from '../../components/PageHeader';
import { useDashboard } from '../invoices';
import { DeliveryAttention } from './DeliveryAttention';
import { FiscalAttention } from './FiscalAttention';
import { InboxAttention } from './InboxAttention';
import { LatestInvoices } from './LatestInvoices';
import { OverdueInvoices } from './OverdueInvoices';
import { RevenueChart } from './RevenueChart';
import { dashboardYear } from './reads';
import { StatCards } from './StatCards';

/** The landing page after login (route /): the year's totals, revenue per month, latest invoices. */
export function DashboardPage() {
  // Switching years keeps the previous year on screen until the next one arrives.
  return (
    <SWRConfig value={{ keepPreviousData: true }}>
      <DashboardView />
    </SWRConfig>
  );
}

function DashboardView() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const year = dashboardYear(params);
  const dashboard = useDashboard(year);
  const { data, mutate } = dashboard;
  // api.ts leaves SWR's error untyped (any); as unknown it must be checked before use.
  const error: unknown = dashboard.error;
  const years = data?.years.includes(year) ? data.years : [year, ...(data?.years ?? [])];

  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        action={
          <Select
            aria-label={t('dashboard.year')}
            data={years.map(String)}
            value={String(year)}
            onChange={(value) => value && setParams({ year: value })}
            allowDeselect={false}
            w={110}
          />
        }
      />
      {data ? (
        <Stack gap="lg">
          <FiscalAttention fiscalization={data.fiscalization} />
          <DeliveryAttention delivery={data.delivery} />
          <InboxAttention />
          <StatCards dashboard={data} />
          <Text size="xs" c="dimmed" mt={-8}>
            {t('dashboard.totalsNote')}
          </Text>
          {data.latest.length === 0 ? (
            <Paper withBorder radius="md" p="xl">
              <Text c="dimmed" ta="center">
                {t('dashboard.emptyYear', { year: data.year })}
              </Text>
            </Paper>
          ) : (
            <>
              <RevenueChart monthly={data.monthly} />
              <LatestInvoices rows={data.latest} />
            </>
          )}
          <OverdueInvoices />
        </Stack>
      ) : (
        // Loading or failed: the list screens' skeleton and their "reason + retry" alert.
        <ListState data={undefined} error={error} empty="" onRetry={() => void mutate()}>
          {() => null}
        </ListState>
      )}
    </>
  );
}

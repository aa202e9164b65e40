import type { ReactNode } from 'react';
import { Anchor, Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney, type Dashboard } from '@faktura/shared';
import { currentLanguage } from '../../lib/i18n';

function StatCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {children}
    </Paper>
  );
}

function Amount({ cents }: { cents: number }) {
  return (
    <Text fz={26} fw={700} mt={4} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {formatMoney(cents, 'EUR', currentLanguage())}
    </Text>
  );
}

/**
 * The year's totals in euro (paid: the payments received in the year; outstanding: what remains after
 * payments, decision 028) and the overdue count and amount, which lead to the list of unpaid invoices.
 */
export function StatCards({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const overdue = dashboard.overdueCount;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <StatCard label={t('dashboard.issued')}>
        <Amount cents={dashboard.issuedEurCents} />
      </StatCard>
      <StatCard label={t('dashboard.cleared')}>
        <Amount cents={dashboard.paidEurCents} />
      </StatCard>
      <StatCard label={t('dashboard.outstanding')}>
        <Amount cents={dashboard.outstandingEurCents} />
      </StatCard>
      <StatCard label={t('dashboard.collection')}>
        <Anchor
          component={Link}
          to="/Dashboard/Submitted"
          display="block"
          fz="lg"
          fw={700}
          mt={8}
          c={overdue > 0 ? 'red' : undefined}
        >
          {t('dashboard.overdue', { overdue })}
        </Anchor>
        {overdue > 0 && (
          <Text size="sm" fw={600} mt={2} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {t('dashboard.overdueAmount', { amount: formatMoney(dashboard.overdueEurCents, 'EUR', currentLanguage()) })}
          </Text>
        )}
        <Text size="xs" c="dimmed" mt={4}>
          {t('dashboard.overdueHint')}
        </Text>
      </StatCard>
    </SimpleGrid>
  );
}

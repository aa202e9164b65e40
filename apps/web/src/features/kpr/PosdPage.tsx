import { Alert, Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { IconCalendarDue } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PosdAnswer, formatDate, formatMoney } from '@faktura/shared';
import { LoadState } from '../../components/LoadState';
import { PageTitle } from '../../components/PageTitle';
import { TableScroll } from '../../components/TableScroll';
import { currentLanguage } from '../../lib/i18n';
import { NotFlatRate } from './NotFlatRate';
import { YearSelect, useReportYear } from './YearSelect';
import { usePosd } from './kprApi';

function Quarters({ posd }: { posd: PosdAnswer }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const money = (cents: number) => formatMoney(cents, 'EUR', language);
  return (
    <Stack>
      <Alert color="yellow" variant="light" icon={<IconCalendarDue size={18} />} title={t('posd.deadline', { date: formatDate(posd.deadline, language) })}>
        {t('posd.deadlineHelp')}
      </Alert>
      <TableScroll minWidth={350}>
        <Table withTableBorder horizontalSpacing="xs" aria-label={t('posd.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('posd.quarter')}</Table.Th>
              <Table.Th ta="right">{t('posd.cash')}</Table.Th>
              <Table.Th ta="right">{t('posd.nonCash')}</Table.Th>
              <Table.Th ta="right">{t('posd.total')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {posd.quarters.map((q) => (
              <Table.Tr key={q.quarter}>
                <Table.Td>
                  {t('posd.quarterName', { quarter: q.quarter })}
                  <Text size="xs" c="dimmed">
                    {formatDate(q.from, language)} – {formatDate(q.to, language)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{money(q.cashCents)}</Table.Td>
                <Table.Td ta="right">{money(q.nonCashCents)}</Table.Td>
                <Table.Td ta="right">{money(q.totalCents)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr fw={700} bg="var(--mantine-color-gray-1)">
              <Table.Td>{t('posd.yearTotal', { year: posd.year })}</Table.Td>
              <Table.Td ta="right">{money(posd.total.cashCents)}</Table.Td>
              <Table.Td ta="right">{money(posd.total.nonCashCents)}</Table.Td>
              <Table.Td ta="right">{money(posd.total.totalCents)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Stack>
  );
}

/** PO-SD's receipts per quarter from the KPR and its deadline (route /Reports/POSD?year=YYYY). */
export function PosdPage({ now }: { now?: Date }) {
  const { t } = useTranslation();
  const [year, setYear] = useReportYear(now);
  const { data, error, mutate } = usePosd(year);
  return (
    <>
      <PageTitle>{t('posd.title')}</PageTitle>
      <Stack>
        <Text size="sm">{t('posd.intro')}</Text>
        <Group align="flex-end" justify="space-between">
          <YearSelect year={year} onChange={setYear} now={now} />
          <Anchor component={Link} to={`/Reports/KPR?year=${String(year)}`}>
            {t('kpr.toKpr', { year })}
          </Anchor>
        </Group>
        <LoadState data={data} error={error} onRetry={() => void mutate()}>
          {(posd) => (posd.issuer?.flatRate ? <Quarters posd={posd} /> : <NotFlatRate />)}
        </LoadState>
      </Stack>
    </>
  );
}

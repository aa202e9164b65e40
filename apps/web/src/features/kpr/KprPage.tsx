import { Fragment, useState } from 'react';
import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type KprAnswer, formatDate, formatMoney } from '@faktura/shared';
import { LoadState } from '../../components/LoadState';
import { PageTitle } from '../../components/PageTitle';
import { TableScroll } from '../../components/TableScroll';
import { errorReason } from '../../lib/apiError';
import { currentLanguage } from '../../lib/i18n';
import { notifyFailure } from '../../lib/notify';
import { NotFlatRate } from './NotFlatRate';
import { YearSelect, useReportYear } from './YearSelect';
import { downloadKpr, useKpr } from './kprApi';
import { monthName } from './months';

type Sums = KprAnswer['total'];

function SumRow({ label, sums }: { label: string; sums: Sums }) {
  const language = currentLanguage();
  return (
    <Table.Tr bg="var(--mantine-color-gray-1)" fw={700}>
      <Table.Td colSpan={3}>{label}</Table.Td>
      <Table.Td ta="right">{formatMoney(sums.cashCents, 'EUR', language)}</Table.Td>
      <Table.Td ta="right">{formatMoney(sums.nonCashCents, 'EUR', language)}</Table.Td>
      <Table.Td ta="right">{formatMoney(sums.totalCents, 'EUR', language)}</Table.Td>
    </Table.Tr>
  );
}

/** The ledger as the form lays it out, with a subtotal after each month and quarter and the year's total. */
function Ledger({ kpr }: { kpr: KprAnswer }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const money = (cents: number) => formatMoney(cents, 'EUR', language);
  if (kpr.rows.length === 0) return <Text c="dimmed">{t('kpr.empty', { year: kpr.year })}</Text>;
  return (
    <TableScroll minWidth={720}>
      <Table striped withTableBorder horizontalSpacing="xs" aria-label={t('kpr.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th ta="right">{t('kpr.columns.no')}</Table.Th>
            <Table.Th>{t('kpr.columns.date')}</Table.Th>
            <Table.Th>{t('kpr.columns.invoice')}</Table.Th>
            <Table.Th ta="right">{t('kpr.columns.cash')}</Table.Th>
            <Table.Th ta="right">{t('kpr.columns.nonCash')}</Table.Th>
            <Table.Th ta="right">{t('kpr.columns.total')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {kpr.rows.map((row, i) => {
            const month = Number(row.date.slice(5, 7));
            const nextMonth = Number(kpr.rows[i + 1]?.date.slice(5, 7) ?? 13);
            const monthEnds = nextMonth !== month;
            const quarter = Math.floor((month - 1) / 3) + 1;
            const quarterEnds = monthEnds && Math.floor((nextMonth - 1) / 3) + 1 !== quarter;
            const monthSums = kpr.months[month - 1];
            const quarterSums = kpr.quarters[quarter - 1];
            return (
              <Fragment key={row.paymentId}>
                <Table.Tr>
                  <Table.Td ta="right">{row.no}.</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.date, language)}</Table.Td>
                  <Table.Td>
                    {row.invoiceNumber}
                    {row.currencyCode !== 'EUR' && (
                      <Text size="xs" c="dimmed">
                        {t('kpr.foreign', { amount: formatMoney(row.amountCents, row.currencyCode, language) })}
                      </Text>
                    )}
                    {row.correctsPaymentId !== null && (
                      <Text size="xs" c="dimmed">
                        {t('kpr.correction')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{money(row.cashCents)}</Table.Td>
                  <Table.Td ta="right">{money(row.nonCashCents)}</Table.Td>
                  <Table.Td ta="right">{money(row.totalCents)}</Table.Td>
                </Table.Tr>
                {monthEnds && monthSums && <SumRow label={t('kpr.monthTotal', { month: monthName(month, language) })} sums={monthSums} />}
                {quarterEnds && quarterSums && <SumRow label={t('kpr.quarterTotal', { quarter })} sums={quarterSums} />}
              </Fragment>
            );
          })}
          <SumRow label={t('kpr.yearTotal', { year: kpr.year })} sums={kpr.total} />
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function Downloads({ year }: { year: number }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  async function get(format: 'csv' | 'pdf') {
    setBusy(format);
    try {
      await downloadKpr(format, year);
    } catch (error) {
      notifyFailure(t('kpr.downloadFailed'), errorReason(error));
    } finally {
      setBusy(null);
    }
  }
  return (
    <Group gap="xs">
      <Button variant="default" leftSection={<IconFileTypeCsv size={18} aria-hidden />} loading={busy === 'csv'} onClick={() => void get('csv')}>
        {t('kpr.downloadCsv')}
      </Button>
      <Button variant="default" leftSection={<IconFileTypePdf size={18} aria-hidden />} loading={busy === 'pdf'} onClick={() => void get('pdf')}>
        {t('kpr.downloadPdf')}
      </Button>
    </Group>
  );
}

/** The KPR of a year (route /Reports/KPR?year=YYYY): the ledger, its sums and its downloads. */
export function KprPage({ now }: { now?: Date }) {
  const { t } = useTranslation();
  const [year, setYear] = useReportYear(now);
  const { data, error, mutate } = useKpr(year);
  return (
    <>
      <PageTitle>{t('kpr.title')}</PageTitle>
      <Stack>
        <Text size="sm">{t('kpr.intro')}</Text>
        <Group align="flex-end" justify="space-between">
          <YearSelect year={year} onChange={setYear} now={now} />
          <Anchor component={Link} to={`/Reports/POSD?year=${String(year)}`}>
            {t('kpr.toPosd', { year })}
          </Anchor>
        </Group>
        <LoadState data={data} error={error} onRetry={() => void mutate()}>
          {(kpr) =>
            kpr.issuer?.flatRate ? (
              <Stack>
                <Downloads year={year} />
                <Ledger kpr={kpr} />
              </Stack>
            ) : (
              <NotFlatRate />
            )
          }
        </LoadState>
      </Stack>
    </>
  );
}

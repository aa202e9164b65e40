// The month picker's styles come with the screens that show one, not with the first page.
import '@mantine/dates/styles.css';
import 'dayjs/locale/hr';
import { Alert, Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type Language, type PaymentReport, formatDate, formatMoney, paymentReportDeadline } from '@faktura/shared';
import { ListState } from '../../components/ListState';
import { PageTitle } from '../../components/PageTitle';
import { TableScroll } from '../../components/TableScroll';
import { currentLanguage } from '../../lib/i18n';
import { fetchPaymentReportFile, usePaymentReport } from './api';
import { reportMonth } from './month';
import { ReportFileButtons } from './ReportFileButtons';
import { ReportMonthPicker } from './ReportMonthPicker';

/**
 * The month's payments to report to the Tax Administration by the 20th of the next month (route
 * /Reports/Payments?month=YYYY-MM; decision 028): the deadline, the rows, the totals, a CSV and a PDF
 * to print, and how to report them by hand until Faktura sends them itself.
 */
export function PaymentReportPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [params, setParams] = useSearchParams();
  const month = reportMonth(params);
  const report = usePaymentReport(month);
  const error: unknown = report.error;

  return (
    <>
      <Anchor component={Link} to="/Reports" size="sm">
        {t('reports.title')}
      </Anchor>
      <PageTitle>{t('reports.payments.title')}</PageTitle>
      <Stack gap="md">
        <Group align="flex-end" justify="space-between" wrap="wrap" gap="sm">
          <ReportMonthPicker month={month} language={language} onChange={(value) => setParams({ month: value })} />
          <ReportFileButtons keys="reports.payments" fetchFile={(kind) => fetchPaymentReportFile(month, kind, language)} />
        </Group>
        <Paper withBorder radius="md" p="md">
          <Text fw={700} fz="lg" c="red.8">
            {t('reports.payments.deadline', { date: formatDate(paymentReportDeadline(month), language) })}
          </Text>
          <Text size="sm" mt={4}>
            {t('reports.payments.manual')}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {t('reports.payments.scope')}
          </Text>
        </Paper>
        {/* loading (skeleton) or failed (the reason and a retry), as on the list screens */}
        <ListState data={report.data ? [report.data] : undefined} error={error} empty="" onRetry={() => void report.mutate()}>
          {([data]) => data && <ReportTable report={data} language={language} />}
        </ListState>
      </Stack>
    </>
  );
}

function ReportTable({ report, language }: { report: PaymentReport; language: Language }) {
  const { t } = useTranslation();
  if (report.rows.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          {t('reports.payments.empty')}
        </Text>
      </Paper>
    );
  }
  const columns = ['invoiceNumber', 'issueDate', 'recipient', 'recipientOib', 'issuerOib', 'paidOn', 'amount', 'code', 'reported'] as const;
  return (
    <>
      <TableScroll minWidth={980}>
        <Table striped aria-label={t('reports.payments.table')}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column} ta={column === 'amount' ? 'right' : undefined}>
                  {t(`reports.payments.columns.${column}`)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.rows.map((row) => (
              <Table.Tr key={row.paymentId}>
                <Table.Td>
                  <Anchor component={Link} to={`/Invoices/${row.invoiceId}`}>
                    {row.invoiceNumber}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.issueDate, language)}</Table.Td>
                <Table.Td>{row.recipientName}</Table.Td>
                <Table.Td ff="monospace">{row.recipientOib}</Table.Td>
                <Table.Td ff="monospace">{row.issuerOib}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.paidOn, language)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(row.amountCents, row.currencyCode, language)}
                  {row.correctsPaymentId !== null && (
                    <Text size="xs" c="dimmed">
                      {t('reports.payments.correctionOf', { id: row.correctsPaymentId })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td title={t(`reports.payments.methods.${row.method}`)}>
                  {t(`reports.payments.codes.${row.reportCode}`)}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={row.reported ? 'teal' : 'gray'}>
                    {row.reported ? t('reports.payments.yes') : t('reports.payments.no')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
      <Paper withBorder radius="md" p="md" aria-label={t('reports.payments.totals')} component="section">
        <Group justify="space-between" wrap="wrap">
          <Text fw={700}>
            {t('reports.payments.totals')}: {t('reports.payments.count', { count: report.totals.payments })}
          </Text>
          <Stack gap={0} align="flex-end">
            {report.totals.amounts.map((sum) => (
              <Text key={sum.currencyCode} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(sum.amountCents, sum.currencyCode, language)}
              </Text>
            ))}
          </Stack>
        </Group>
        {report.totals.unreported > 0 && (
          <Alert variant="light" color="yellow" mt="sm" p="xs">
            {t('reports.payments.unreported', { number: report.totals.unreported })}
          </Alert>
        )}
      </Paper>
    </>
  );
}

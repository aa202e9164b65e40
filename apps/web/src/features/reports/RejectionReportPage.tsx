// The month picker's styles come with the screens that show one, not with the first page.
import '@mantine/dates/styles.css';
import 'dayjs/locale/hr';
import { Alert, Anchor, Badge, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type Language, type RejectionReportRow, formatDate } from '@faktura/shared';
import { ListState } from '../../components/ListState';
import { PageTitle } from '../../components/PageTitle';
import { TableScroll } from '../../components/TableScroll';
import { currentLanguage } from '../../lib/i18n';
import { fetchRejectionReportFile, useRejectionReport } from './api';
import { reportMonth } from './month';
import { ReportFileButtons } from './ReportFileButtons';
import { ReportMonthPicker } from './ReportMonthPicker';

const COLORS: Record<RejectionReportRow['reportStatus'], string> = {
  PENDING: 'yellow', REPORTED: 'teal', FAILED: 'red', BY_INTERMEDIARY: 'blue', NONE: 'orange', NOT_REQUIRED: 'gray', REPORTED_BY_HAND: 'teal',
};

/**
 * The month's rejections of received e-invoices, reported to the Tax Administration by the 20th of the
 * next month (route /Reports/Rejections?month=YYYY-MM; decision 040): the deadline, each rejection with
 * its supplier, type, reason and where its report stands, and how many are still to report.
 */
export function RejectionReportPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [params, setParams] = useSearchParams();
  const month = reportMonth(params);
  const report = useRejectionReport(month);
  const error: unknown = report.error;
  return (
    <>
      <Anchor component={Link} to="/Reports" size="sm">
        {t('reports.title')}
      </Anchor>
      <PageTitle>{t('reports.rejections.title')}</PageTitle>
      <Stack gap="md">
        <Group align="flex-end" justify="space-between" wrap="wrap" gap="sm">
          <ReportMonthPicker month={month} language={language} onChange={(value) => setParams({ month: value })} />
          <ReportFileButtons keys="reports.rejections" fetchFile={(kind) => fetchRejectionReportFile(month, kind, language)} />
        </Group>
        <ListState data={report.data ? [report.data] : undefined} error={error} empty="" onRetry={() => void report.mutate()}>
          {([data]) =>
            data && (
              <>
                <Paper withBorder radius="md" p="md">
                  <Text fw={700} fz="lg" c="red.8">
                    {t('reports.rejections.deadline', { date: formatDate(data.deadline, language) })}
                  </Text>
                  <Text size="sm" mt={4}>
                    {t('reports.rejections.intro')}
                  </Text>
                  {data.unreported > 0 && (
                    <Alert variant="light" color="yellow" mt="sm" p="xs">
                      {t('reports.rejections.unreported', { count: data.unreported })}
                    </Alert>
                  )}
                </Paper>
                <RejectionTable rows={data.rows} language={language} />
              </>
            )
          }
        </ListState>
      </Stack>
    </>
  );
}

function RejectionTable({ rows, language }: { rows: RejectionReportRow[]; language: Language }) {
  const { t } = useTranslation();
  if (rows.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed" ta="center">
          {t('reports.rejections.empty')}
        </Text>
      </Paper>
    );
  }
  const columns = ['number', 'supplier', 'issueDate', 'date', 'type', 'reason', 'status'] as const;
  return (
    <TableScroll minWidth={900}>
      <Table striped aria-label={t('reports.rejections.table')}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{t(`reports.rejections.columns.${column}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.receivedId}>
              <Table.Td>
                <Anchor component={Link} to={`/Inbox/${String(row.receivedId)}`}>
                  {row.number}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {row.supplierName}
                {row.supplierOib && (
                  <Text size="xs" c="dimmed" ff="monospace">
                    {row.supplierOib}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.issueDate, language)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.date, language)}</Table.Td>
              <Table.Td title={t(`reports.rejections.types.${row.type}`)}>{row.type}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.reason}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Badge variant="light" color={COLORS[row.reportStatus]} style={{ textTransform: 'none' }}>
                    {t(`reports.rejections.status.${row.reportStatus}`)}
                  </Badge>
                  {row.errorCode && (
                    <Text size="xs" c="dimmed">
                      {row.errorCode}
                    </Text>
                  )}
                </Group>
                {row.intermediaryStatus && (
                  <Text size="xs" mt={4} c={row.intermediaryStatus === 'FAILED' || row.intermediaryStatus === 'SUPPLIER_FAILED' ? 'red' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                    {t(`reports.rejections.intermediary.${row.intermediaryStatus}`)}
                    {row.intermediaryError && (row.intermediaryStatus === 'FAILED' || row.intermediaryStatus === 'SUPPLIER_FAILED') ? `: ${row.intermediaryError}` : ''}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

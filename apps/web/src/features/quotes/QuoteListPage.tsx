import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QUOTE_STATUSES, type QuoteStatus } from '@faktura/shared';
import { ListState } from '../../components/ListState';
import { PageHeader } from '../../components/PageHeader';
import { TableScroll } from '../../components/TableScroll';
import { currentLanguage } from '../../lib/i18n';
import { formatAmount, formatDay } from '../invoices';
import { useQuotes } from './api';

const STATUS_COLOR: Record<QuoteStatus, string> = { DRAFT: 'gray', SENT: 'blue', ACCEPTED: 'green', DECLINED: 'red', EXPIRED: 'orange' };

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light">
      {t(`quotes.status.${status}`)}
    </Badge>
  );
}

/** The quotes (route /Quotes): by status (expired included) and a search over number and client. */
export function QuoteListPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [status, setStatus] = useState<QuoteStatus | null>(null);
  const [q, setQ] = useState('');
  const { data, error, mutate } = useQuotes({ status: status ?? undefined, q: q.trim() });
  const filtered = status !== null || q.trim() !== '';

  return (
    <Stack>
      <PageHeader
        title={t('quotes.title')}
        action={
          <Button component={Link} to="/Quotes/New" leftSection={<IconPlus size={18} />}>
            {t('quotes.new')}
          </Button>
        }
      />
      <Text size="sm" c="dimmed">
        {t('quotes.notInvoice')}
      </Text>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t('quotes.filter.label')}
          data={[{ value: '', label: t('quotes.filter.all') }, ...QUOTE_STATUSES.map((s) => ({ value: s, label: t(`quotes.status.${s}`) }))]}
          value={status ?? ''}
          onChange={(value) => setStatus(value ? (value as QuoteStatus) : null)}
          allowDeselect={false}
          w={180}
        />
        <TextInput
          label={t('quotes.search')}
          leftSection={<IconSearch size={16} />}
          value={q}
          onChange={(event) => setQ(event.currentTarget.value)}
          w={260}
        />
      </Group>
      <ListState data={data} error={error} onRetry={() => void mutate()} empty={filtered ? t("quotes.noMatch") : t("quotes.empty")}>
        {(rows) => (
          <Paper withBorder>
            <TableScroll minWidth={760}>
              <Table striped aria-label={t('quotes.table')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('quotes.columns.number')}</Table.Th>
                    <Table.Th>{t('quotes.columns.client')}</Table.Th>
                    <Table.Th>{t('quotes.columns.date')}</Table.Th>
                    <Table.Th>{t('quotes.columns.validUntil')}</Table.Th>
                    <Table.Th ta="right">{t('quotes.columns.total')}</Table.Th>
                    <Table.Th>{t('quotes.columns.status')}</Table.Th>
                    <Table.Th>{t('quotes.columns.invoice')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/Quotes/${row.id}`}>
                          {row.number}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{row.client}</Table.Td>
                      <Table.Td>{formatDay(row.quoteDate, language)}</Table.Td>
                      <Table.Td>{formatDay(row.validUntil, language)}</Table.Td>
                      <Table.Td ta="right">{formatAmount(row, language)}</Table.Td>
                      <Table.Td>
                        <QuoteStatusBadge status={row.status} />
                      </Table.Td>
                      <Table.Td>
                        {row.invoice && (
                          <Anchor component={Link} to={`/Invoices/${row.invoice.id}`}>
                            {row.invoice.number ?? t('quotes.invoiceDraft')}
                          </Anchor>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          </Paper>
        )}
      </ListState>
    </Stack>
  );
}

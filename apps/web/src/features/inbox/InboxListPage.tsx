import { useState } from 'react';
import { Alert, Anchor, Box, Button, Group, NativeSelect, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCloudDownload, IconFileImport, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SWRConfig, useSWRConfig } from 'swr';
import {
  RECEIVED_FISCAL_STATUSES,
  RECEIVED_STATES,
  type ReceivedFiscalStatus,
  type ReceivedListRow,
  type ReceivedState,
  endpoints,
  formatDateTime,
} from '@faktura/shared';
import { ListState } from '../../components/ListState';
import { PageHeader } from '../../components/PageHeader';
import { RecordTable } from '../../components/RecordTable';
import { lazyDialog } from '../../components/lazy';
import { useApi } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { notifyApiError, notifyFailure, notifySuccess } from '../../lib/notify';
import { InvoiceSearch, ListPaging, YearFilter, amountStyle, formatDay } from '../invoices';
import { INBOX_PAGE_SIZE, fetchNow, inboxKeys, useInbox } from './api';
import { CreditNoteMark, FiscalBadge, FlagBadges, ReceivedStateBadge, totalOf } from './cells';

const ImportDialog = lazyDialog(() => import('./ImportDialog').then((m) => m.ImportDialog), {
  isOpen: (props) => props.opened,
  closed: (props) => ({ ...props, opened: false }),
});

/**
 * When the server last fetched from the intermediary, and why the last round did not take everything
 * (a scheduled round that fails says so here, not only in the log). Nothing before the first fetch.
 */
function LastFetch() {
  const { t } = useTranslation();
  const { data } = useApi(endpoints.inbox.attention);
  const fetch = data?.fetch;
  if (!fetch) return null;
  const at = formatDateTime(fetch.lastAttemptAt, currentLanguage());
  if (!fetch.problem) {
    return (
      <Text size="sm" c="dimmed">
        {t('inbox.lastFetch', { at })}
      </Text>
    );
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={t('inbox.lastFetchFailed', { at })}>
      <Text size="sm">{fetch.problem}</Text>
    </Alert>
  );
}

/** The received invoices (route /Inbox): filters and search in the address, newest first, paged. */
export function InboxListPage() {
  return (
    <SWRConfig value={{ keepPreviousData: true }}>
      <InboxList />
    </SWRConfig>
  );
}

function useInboxParams() {
  const [params, setParams] = useSearchParams();
  const year = /^\d{4}$/.test(params.get('year') ?? '') ? Number(params.get('year')) : null;
  const q = params.get('q')?.trim() ?? '';
  const stateParam = params.get('state');
  const state = RECEIVED_STATES.find((s) => s === stateParam) ?? null;
  const fiscalParam = params.get('fiscalStatus');
  const fiscalStatus = RECEIVED_FISCAL_STATUSES.find((s) => s === fiscalParam) ?? null;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  // the supplier's OIB, as the supplier's record links here (decision 039)
  const supplier = /^\d{11}$/.test(params.get('supplier') ?? '') ? params.get('supplier') : null;
  function update(key: string, value: string | number | null, replace = false) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, String(value));
        else next.delete(key);
        // another filter starts again at page 1
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace },
    );
  }
  return {
    year,
    q,
    state,
    fiscalStatus,
    page,
    supplier,
    setSupplier: (value: string | null) => update('supplier', value),
    setYear: (value: number | null) => update('year', value),
    setQuery: (value: string) => update('q', value, q !== '' && value !== ''),
    setState: (value: ReceivedState | null) => update('state', value),
    setFiscalStatus: (value: ReceivedFiscalStatus | null) => update('fiscalStatus', value),
    setPage: (value: number) => update('page', value > 1 ? value : null),
  };
}

function InboxList() {
  const { t } = useTranslation();
  const params = useInboxParams();
  const { mutate: mutateAll } = useSWRConfig();
  const list = useInbox({
    ...(params.year !== null ? { year: params.year } : {}),
    ...(params.q ? { q: params.q } : {}),
    ...(params.state ? { state: params.state } : {}),
    ...(params.fiscalStatus ? { fiscalStatus: params.fiscalStatus } : {}),
    ...(params.supplier ? { supplier: params.supplier } : {}),
    page: params.page,
    pageSize: INBOX_PAGE_SIZE,
  });
  const { data, isLoading, mutate } = list;
  const error: unknown = list.error;
  const [importing, setImporting] = useState(false);
  const [fetching, setFetching] = useState(false);
  const filtered = params.year !== null || params.q !== '' || params.state !== null || params.fiscalStatus !== null || params.supplier !== null;

  async function fetchFromIntermediary() {
    setFetching(true);
    try {
      const answer = await fetchNow();
      // what was taken is said either way; what was not, with its reason, beside it
      notifySuccess(t('inbox.fetched', { listed: answer.listed, fetched: answer.fetched, alreadyHere: answer.alreadyHere, failed: answer.failed }));
      if (!answer.ok) notifyFailure(t('inbox.fetchSomeFailed'), answer.reason ?? t('inbox.fetchFailed'));
      await mutateAll(inboxKeys);
    } catch (failure) {
      notifyApiError(failure);
    } finally {
      setFetching(false);
    }
  }

  return (
    <>
      <PageHeader
        title={t('inbox.title')}
        action={
          <Group gap="sm">
            <Button variant="default" leftSection={<IconCloudDownload size={18} />} loading={fetching} onClick={() => void fetchFromIntermediary()}>
              {t('inbox.fetchNow')}
            </Button>
            <Button leftSection={<IconFileImport size={18} />} onClick={() => setImporting(true)}>
              {t('inbox.importXml')}
            </Button>
          </Group>
        }
      />
      <Stack gap="md">
        <LastFetch />
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <YearFilter filters={data?.filters} selected={params.year} onChange={params.setYear} />
            <NativeSelect
              size="xs"
              radius="xl"
              aria-label={t('inbox.stateFilter')}
              value={params.state ?? ''}
              onChange={(event) => params.setState(RECEIVED_STATES.find((s) => s === event.currentTarget.value) ?? null)}
              data={[
                { value: '', label: `${t('inbox.stateFilter')}: ${t('inbox.allStates')}` },
                ...RECEIVED_STATES.map((s) => ({ value: s, label: `${t('inbox.stateFilter')}: ${t(`inbox.state.${s}`)}` })),
              ]}
            />
            <NativeSelect
              size="xs"
              radius="xl"
              aria-label={t('inbox.fiscalFilter')}
              value={params.fiscalStatus ?? ''}
              onChange={(event) => params.setFiscalStatus(RECEIVED_FISCAL_STATUSES.find((s) => s === event.currentTarget.value) ?? null)}
              data={[
                { value: '', label: `${t('inbox.fiscalFilter')}: ${t('inbox.allFiscal')}` },
                ...RECEIVED_FISCAL_STATUSES.map((s) => ({ value: s, label: `${t('inbox.fiscalFilter')}: ${t(`inbox.fiscalOption.${s}`)}` })),
              ]}
            />
            {params.supplier && (
              <Button size="compact-xs" radius="xl" variant="light" rightSection={<IconX size={12} aria-hidden />} onClick={() => params.setSupplier(null)}>
                {t('supplierRoles.supplierFilter', { oib: params.supplier })}
              </Button>
            )}
          </Group>
          <InvoiceSearch value={params.q} onSearch={params.setQuery} label={t('inbox.search')} placeholder={t('inbox.searchPlaceholder')} />
        </Group>
        {data?.page.total === 0 ? (
          <Text c="dimmed">{filtered ? t('inbox.noMatches') : t('inbox.empty')}</Text>
        ) : (
          <ListState data={data?.data} error={error} empty={t('inbox.noMatches')} onRetry={() => void mutate()}>
            {(rows) => (
              <Box aria-busy={isLoading} style={{ opacity: isLoading ? 0.6 : 1, transition: 'opacity 150ms' }}>
                <ReceivedRows rows={rows} />
              </Box>
            )}
          </ListState>
        )}
        {data && <ListPaging page={data.page} onChange={params.setPage} />}
      </Stack>
      <ImportDialog opened={importing} onClose={() => setImporting(false)} onImported={() => void mutateAll(inboxKeys)} />
    </>
  );
}

function NumberLink({ row }: { row: ReceivedListRow }) {
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <Anchor component={Link} to={`/Inbox/${String(row.id)}`} fw={500}>
        {row.number}
      </Anchor>
      {row.documentType === 'CREDIT_NOTE' && <CreditNoteMark />}
    </Group>
  );
}

function Supplier({ row }: { row: ReceivedListRow }) {
  return (
    <>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {row.supplierName}
      </Text>
      {row.supplierOib && (
        <Text size="xs" c="dimmed">
          OIB {row.supplierOib}
        </Text>
      )}
    </>
  );
}

/** The table on a laptop; on a phone (where seven columns do not fit) one card per document. */
function ReceivedRows({ rows }: { rows: ReceivedListRow[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false }) ?? false;
  if (phone)
    return (
      <Stack gap="sm" component="ul" aria-label={t('inbox.list')} p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((row) => (
          <Paper key={row.id} component="li" withBorder p="sm">
            <Group justify="space-between" align="baseline" gap="xs" wrap="nowrap">
              <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <NumberLink row={row} />
              </Text>
              <Text fw={600} style={amountStyle}>
                {totalOf(row, language)}
              </Text>
            </Group>
            <Supplier row={row} />
            <Group gap="xs" mt={6} wrap="wrap">
              <Text size="sm" c="dimmed">
                {formatDay(row.issueDate, language)}
              </Text>
              <ReceivedStateBadge state={row.state} />
              <FiscalBadge row={row} />
              <FlagBadges row={row} />
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <RecordTable
      label={t('inbox.list')}
      minWidth={820}
      columns={[
        { label: t('inbox.columns.number') },
        { label: t('inbox.columns.supplier') },
        { label: t('inbox.columns.issueDate') },
        { label: t('inbox.columns.dueDate') },
        { label: t('inbox.columns.state') },
        { label: t('inbox.columns.fiscal') },
        { label: t('inbox.columns.total'), align: 'right' },
      ]}
    >
      {rows.map((row) => (
        <Table.Tr key={row.id}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <NumberLink row={row} />
          </Table.Td>
          <Table.Td>
            <Supplier row={row} />
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(row.issueDate, language)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.dueDate ? formatDay(row.dueDate, language) : '—'}</Table.Td>
          <Table.Td>
            <Group gap={4}>
              <ReceivedStateBadge state={row.state} />
              <FlagBadges row={row} />
            </Group>
          </Table.Td>
          <Table.Td>
            <FiscalBadge row={row} />
          </Table.Td>
          <Table.Td ta="right" style={amountStyle}>
            {totalOf(row, language)}
          </Table.Td>
        </Table.Tr>
      ))}
    </RecordTable>
  );
}


import { useState } from 'react';
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SWRConfig } from 'swr';
import type { InvoiceListRow } from '@faktura/shared';
import { ListState } from '../../components/ListState';
import { PageHeader } from '../../components/PageHeader';
import { lazyDialog } from '../../components/lazy';
import { LIST_PAGE_SIZE, listScreenQuery, useInvoiceList } from './api';
import { EmptyInvoices } from './list/EmptyInvoices';
import { InvoiceSearch } from './list/InvoiceSearch';
import { InvoiceTable } from './list/InvoiceTable';
import { ListPaging } from './list/ListPaging';
import { DeliveryStatusFilter } from './list/DeliveryStatusFilter';
import { FiscalStatusFilter } from './list/FiscalStatusFilter';
import { RentDueFilter } from './list/RentDueFilter';
import { useListParams } from './list/useListParams';
import { YearFilter } from './list/YearFilter';

// Loaded the first time it opens (Mantine's Modal and its scroll lock are not part of the list).
const DeleteInvoiceModal = lazyDialog(() => import('./list/DeleteInvoiceModal').then((m) => m.DeleteInvoiceModal), {
  isOpen: (props) => props.opened,
  closed: (props) => ({ ...props, opened: false }),
});

/** The invoice list with year filters, search and paging (route /Invoices). */
export function InvoiceListPage() {
  // While another year, search or page loads, the previous rows stay (dimmed) instead of a skeleton.
  return (
    <SWRConfig value={{ keepPreviousData: true }}>
      <InvoiceList />
    </SWRConfig>
  );
}

function InvoiceList() {
  const { t } = useTranslation();
  const params = useListParams();
  const list = useInvoiceList(listScreenQuery(params));
  const { data, isLoading, mutate } = list;
  // api.ts leaves SWR's error untyped (any); as unknown it must be checked before use.
  const error: unknown = list.error;
  const [deleting, setDeleting] = useState<InvoiceListRow | null>(null);
  const [deleteOpened, confirmDelete] = useDisclosure(false);
  const filtered = params.year !== null || params.q !== '' || params.rentDue || params.fiscalStatus !== null || params.delivery !== null;
  // offered once Faktura keeps a fiscalization record of something on the page (or it is chosen)
  const fiscalFilter = params.fiscalStatus !== null || (data?.data.some((row) => row.fiscalStatus !== null) ?? false);
  // offered once something on the page went to the e-invoice intermediary (or it is chosen; issue 32)
  const deliveryFilter =
    params.delivery !== null || (data?.data.some((row) => row.deliveryStatus !== null && row.deliveryStatus !== 'NOT_SENT') ?? false);

  async function afterDelete() {
    const fresh = await mutate();
    // Deleting the last row of the last page would leave an empty page; show the one before.
    if (fresh && fresh.data.length === 0 && params.page > 1)
      params.setPage(Math.max(1, Math.ceil(fresh.page.total / LIST_PAGE_SIZE)));
  }

  return (
    <>
      <PageHeader
        title={t('invoices.title')}
        action={
          <Group gap="sm">
            <Button component={Link} to="/Invoices/NewAdvance" variant="default" leftSection={<IconPlus size={18} />}>
              {t('invoices.newAdvance')}
            </Button>
            <Button component={Link} to="/Invoices/NewInvoice" leftSection={<IconPlus size={18} />}>
              {t('invoices.new')}
            </Button>
          </Group>
        }
      />
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <YearFilter filters={data?.filters} selected={params.year} onChange={params.setYear} />
            <RentDueFilter active={params.rentDue} onChange={params.setRentDue} />
            {fiscalFilter && <FiscalStatusFilter value={params.fiscalStatus} onChange={params.setFiscalStatus} />}
            {deliveryFilter && <DeliveryStatusFilter value={params.delivery} onChange={params.setDelivery} />}
          </Group>
          <InvoiceSearch value={params.q} onSearch={params.setQuery} />
        </Group>
        {params.rentDue && (
          <Text size="sm" c="dimmed">
            {t('invoices.rentDue.hint')}
          </Text>
        )}
        {data?.page.total === 0 ? (
          params.rentDue && params.year === null && params.q === '' && params.fiscalStatus === null && params.delivery === null ? (
            <Text c="dimmed">{t('invoices.rentDue.allDone')}</Text>
          ) : (
            <EmptyInvoices filtered={filtered} />
          )
        ) : (
          <ListState
            data={data?.data}
            error={error}
            empty={t('invoices.noMatches')}
            onRetry={() => void mutate()}
          >
            {(rows) => (
              <Box
                aria-busy={isLoading}
                style={{ opacity: isLoading ? 0.6 : 1, transition: 'opacity 150ms' }}
              >
                <InvoiceTable
                  rows={rows}
                  onDelete={(row) => {
                    setDeleting(row);
                    confirmDelete.open();
                  }}
                />
              </Box>
            )}
          </ListState>
        )}
        {/* Also under a page past the end (an old link), so the operator can get back. */}
        {data && <ListPaging page={data.page} onChange={params.setPage} />}
      </Stack>
      <DeleteInvoiceModal
        row={deleting}
        opened={deleteOpened}
        onClose={confirmDelete.close}
        onSettled={afterDelete}
      />
    </>
  );
}

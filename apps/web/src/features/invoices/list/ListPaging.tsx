import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceListResponse } from '@faktura/shared';

interface ListPagingProps {
  page: InvoiceListResponse['page'];
  onChange: (page: number) => void;
}

/** "51–100 of 130" and the page buttons; nothing while everything fits on one page. */
export function ListPaging({ page, onChange }: ListPagingProps) {
  const { t } = useTranslation();
  const pages = Math.ceil(page.total / page.pageSize);
  if (pages <= 1) return null;
  const from = (page.page - 1) * page.pageSize + 1;
  const to = Math.min(page.page * page.pageSize, page.total);
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {t('invoices.range', { from, to, total: page.total })}
      </Text>
      <nav aria-label={t('invoices.pages')}>
        <Pagination
          total={pages}
          value={page.page}
          onChange={onChange}
          getItemProps={(item) => ({ 'aria-label': t('invoices.page', { page: item }) })}
          getControlProps={(control) =>
            control === 'previous'
              ? { 'aria-label': t('invoices.previousPage') }
              : { 'aria-label': t('invoices.nextPage') }
          }
        />
      </nav>
    </Group>
  );
}

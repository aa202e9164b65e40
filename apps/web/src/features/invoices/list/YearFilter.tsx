import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceListResponse } from '@faktura/shared';

interface YearFilterProps {
  filters: InvoiceListResponse['filters'] | undefined;
  /** The year in the address; it leads, so a click shows at once, before the list answers. */
  selected: number | null;
  onChange: (year: number | null) => void;
}

/** One toggle button per year that has invoices; clicking the chosen year again shows all years. */
export function YearFilter({ filters, selected, onChange }: YearFilterProps) {
  const { t } = useTranslation();
  const years = (filters?.find((filter) => filter.key === 'year')?.facets ?? []).map((facet) => facet.value);
  // A year from the address with no invoices still gets its button, so it can be switched off.
  if (selected && !years.includes(String(selected))) years.unshift(String(selected));
  if (years.length === 0) return null;

  return (
    <Group gap={6} role="group" aria-label={t('invoices.years')}>
      {years.map((year) => {
        const active = String(selected) === year;
        return (
          <Button
            key={year}
            size="xs"
            radius="xl"
            variant={active ? 'filled' : 'default'}
            aria-pressed={active}
            onClick={() => onChange(active ? null : Number(year))}
          >
            {year}
          </Button>
        );
      })}
    </Group>
  );
}

import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** The year a report shows: `?year=` of the address, else this year (Europe/Zagreb is close enough here). */
export function useReportYear(now = new Date()): [number, (year: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= 1 && asked <= 9999 ? asked : now.getFullYear();
  return [year, (next) => setParams({ year: String(next) }, { replace: true })];
}

/** This year and the nine before it, and the year shown if it is none of them. */
export function YearSelect({ year, onChange, now = new Date() }: { year: number; onChange: (year: number) => void; now?: Date }) {
  const { t } = useTranslation();
  const latest = now.getFullYear();
  const years = Array.from({ length: 10 }, (_, i) => latest - i);
  if (!years.includes(year)) years.unshift(year);
  return (
    <Select
      label={t('kpr.year')}
      data={years.map(String)}
      value={String(year)}
      onChange={(value) => value && onChange(Number(value))}
      allowDeselect={false}
      w={140}
    />
  );
}

import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FiscalStatus } from '@faktura/shared';
import { FISCAL_FILTERS as OFFERED } from './listParams';

/**
 * "Fiskalizacija: Sve / Odbijeno / Čeka slanje / …" (the list's `fiscalStatus`, decision 030). A
 * native select: light on the list's first screen, and the phone's own picker.
 */
export function FiscalStatusFilter({
  value,
  onChange,
}: {
  value: FiscalStatus | null;
  onChange: (value: FiscalStatus | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      size="xs"
      radius="xl"
      aria-label={t('invoices.fiscalFilter.label')}
      value={value ?? ''}
      onChange={(event) => onChange(OFFERED.find((status) => status === event.currentTarget.value) ?? null)}
      data={[
        { value: '', label: `${t('invoices.fiscalFilter.label')}: ${t('invoices.fiscalFilter.all')}` },
        ...OFFERED.map((status) => ({ value: status, label: `${t('invoices.fiscalFilter.label')}: ${t(`invoices.fiscalFilter.${status}`)}` })),
      ]}
    />
  );
}

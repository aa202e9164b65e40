import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DeliveryFilter } from '@faktura/shared';
import { DELIVERY_FILTERS as OFFERED } from './listParams';

/**
 * "E-račun: Sve / Odbijen kod primatelja / …" (the list's `delivery`, issue 32), like the
 * fiscalization filter beside it: a native select, the phone's own picker.
 */
export function DeliveryStatusFilter({
  value,
  onChange,
}: {
  value: DeliveryFilter | null;
  onChange: (value: DeliveryFilter | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      size="xs"
      radius="xl"
      aria-label={t('invoices.deliveryFilter.label')}
      value={value ?? ''}
      onChange={(event) => onChange(OFFERED.find((status) => status === event.currentTarget.value) ?? null)}
      data={[
        { value: '', label: `${t('invoices.deliveryFilter.label')}: ${t('invoices.deliveryFilter.all')}` },
        ...OFFERED.map((status) => ({ value: status, label: `${t('invoices.deliveryFilter.label')}: ${t(`invoices.deliveryFilter.${status}`)}` })),
      ]}
    />
  );
}

import { useState } from 'react';
import { Button, Group, Select } from '@mantine/core';
import { IconPlus, IconSparkles } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LineItem } from '@faktura/shared';
import { errorReason } from '../../../lib/apiError';
import { currentLanguage } from '../../../lib/i18n';
import { formatPrice, useLineItems } from '../../lineItems';

interface LinePickerProps {
  /** Adds the item as a line; false when it was refused (already listed, other currency). */
  onAdd: (item: LineItem) => boolean;
  onCreate: () => void;
}

/** A searchable catalogue select with "Add item", and "Create new item" for what is not there yet. */
export function LinePicker({ onAdd, onCreate }: LinePickerProps) {
  const { t } = useTranslation();
  const { data: items, error } = useLineItems();
  const [chosen, setChosen] = useState<string | null>(null);
  const language = currentLanguage();
  // Names alone can repeat (the same service priced in EUR and in USD), so the price tells them apart.
  const label = (entry: LineItem) => {
    const name = language === 'en' && entry.nameEn ? entry.nameEn : entry.nameHr;
    const price = formatPrice(entry.unitPriceCents, entry.currencyCode, entry.currency.symbol, language);
    return `${name} (${price}/${t(`units.${entry.unit}_short`)})`;
  };
  const item = items?.find((candidate) => String(candidate.id) === chosen);

  function add() {
    // A refused item stays chosen, so the operator sees what the message is about.
    if (item && onAdd(item)) setChosen(null);
  }

  return (
    <Group align="flex-end" gap="xs">
      <Select
        label={t('invoiceForm.catalogue')}
        searchable
        flex={1}
        miw={220}
        nothingFoundMessage={t('invoiceForm.noItemMatch')}
        data={(items ?? []).map((entry) => ({ value: String(entry.id), label: label(entry) }))}
        value={chosen}
        onChange={setChosen}
        error={error ? errorReason(error) : undefined}
      />
      <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} disabled={!item}>
        {t('invoiceForm.addItem')}
      </Button>
      <Button variant="default" leftSection={<IconSparkles size={16} />} onClick={onCreate}>
        {t('invoiceForm.newItem')}
      </Button>
    </Group>
  );
}

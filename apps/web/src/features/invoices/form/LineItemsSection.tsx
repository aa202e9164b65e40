import { Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useFieldArray, useFormContext, useFormState, useWatch, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LineItem } from '@faktura/shared';
import { useErrorText } from '../../../components/forms/useErrorText';
import { notifyError } from '../../../lib/notify';
import { useClients } from '../../clients';
import { LineItemDialog } from '../../lineItems';
import { invoiceCurrency, lineFromCatalogue, type InvoiceFormValues } from './invoiceFormModel';
import { LinePicker } from './LinePicker';
import { LineRow } from './LineRow';
import { formTotals } from './totals';

/**
 * The invoice's lines: picked from the catalogue (each item once) or created on the spot with the
 * line-item dialog, then adjusted per invoice (texts, quantity, price, discount, VAT rate).
 */
export function LineItemsSection() {
  const { t } = useTranslation();
  const { text } = useErrorText();
  const { control, getValues } = useFormContext<InvoiceFormValues>();
  // `key` keeps react-hook-form's row keys apart from the lines' own `id` (the catalogue item).
  const { fields, append, remove } = useFieldArray({ control, name: 'lineItems', keyName: 'key' });
  const lines = useWatch({ control, name: 'lineItems' });
  const treatment = useWatch({ control, name: 'vatTreatment' });
  const { errors } = useFormState({ control, name: 'lineItems' });
  const [dialogOpened, dialog] = useDisclosure(false);
  const clientId = useWatch({ control, name: 'clientId' });
  const { data: clients } = useClients();
  // A foreign client gets the invoice in English, so a new item needs its English name.
  const client = clients?.find((candidate) => candidate.id === clientId);
  const requireEnglish = client !== undefined && client.address.countryCode !== 'HR';
  const totals = formTotals(lines, treatment);
  // "At least one item" and "one currency" concern the whole list, not a line.
  const listError =
    errors.lineItems?.root ?? (errors.lineItems?.message ? (errors.lineItems as FieldError) : undefined);

  function add(item: LineItem): boolean {
    const current = getValues('lineItems');
    if (current.some((line) => line.id === item.id)) {
      notifyError(t('invoiceForm.duplicateItem'));
      return false;
    }
    const currency = invoiceCurrency(current);
    if (current.length > 0 && item.currencyCode !== currency) {
      notifyError(t('invoiceForm.otherCurrency', { currency: item.currencyCode, invoiceCurrency: currency }));
      return false;
    }
    append(lineFromCatalogue(item), { shouldFocus: false });
    return true;
  }

  return (
    <Stack gap="sm">
      <LinePicker onAdd={add} onCreate={dialog.open} />
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('invoiceForm.noLines')}
        </Text>
      )}
      {fields.map((row, index) => {
        const line = lines[index];
        return line ? (
          <LineRow
            key={row.key}
            index={index}
            line={line}
            treatment={treatment}
            netCents={totals.lineNetCents[index] ?? 0}
            onRemove={() => remove(index)}
          />
        ) : null;
      })}
      {listError && (
        <Text size="sm" c="red" role="alert">
          {text(listError)}
        </Text>
      )}
      <LineItemDialog
        opened={dialogOpened}
        requireEnglish={requireEnglish}
        onClose={dialog.close}
        onSaved={(item) => {
          add(item);
        }}
      />
    </Stack>
  );
}

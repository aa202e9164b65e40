import { Button, Fieldset, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Controller, useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CONTRACT_TYPES } from '@faktura/shared';
import { useErrorText } from '../../components/forms/useErrorText';
import { NEW_CONTRACT, type ContractRow } from './clientForm';

/** The client's contracts: one row each (type and payment-due days), added and removed in place. */
export function ContractsField() {
  const { t } = useTranslation();
  const { text, selectText } = useErrorText();
  const { control } = useFormContext<{ contracts: ContractRow[] }>();
  // `fields[i].id` is react-hook-form's row key; the contract's own id stays in the form values.
  const { fields, append, remove } = useFieldArray({ control, name: 'contracts' });
  const typeOptions = CONTRACT_TYPES.map((type) => ({ value: type, label: t(`contracts.types.${type}`) }));

  return (
    <Fieldset legend={t('fields.contracts')} variant="filled">
      <Stack gap="sm">
        {fields.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('contracts.empty')}
          </Text>
        )}
        {fields.map((row, index) => (
          <Group
            key={row.id}
            role="group"
            aria-label={t('contracts.row', { number: index + 1 })}
            align="flex-start"
            gap="sm"
          >
            <Controller
              control={control}
              name={`contracts.${index}.type`}
              render={({ field, fieldState }) => (
                <Select
                  ref={field.ref}
                  label={t('fields.type')}
                  data={typeOptions}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  allowDeselect={false}
                  error={selectText(fieldState.error, t('fields.type'))}
                  // Grows beside the days on wide dialogs, takes a line of its own on a phone.
                  flex="1 1 220px"
                />
              )}
            />
            <Controller
              control={control}
              name={`contracts.${index}.paymentDueDays`}
              render={({ field, fieldState }) => (
                <NumberInput
                  ref={field.ref}
                  label={t('fields.paymentDueDays')}
                  value={field.value ?? ''}
                  // An emptied input means "no value", which the schema reports as required.
                  onChange={(value) => field.onChange(typeof value === 'number' ? value : undefined)}
                  onBlur={field.onBlur}
                  min={0}
                  max={365}
                  allowDecimal={false}
                  allowNegative={false}
                  error={text(fieldState.error)}
                  w={150}
                />
              )}
            />
            {/* Pushed down by a label's height, so the button sits level with the inputs. */}
            <Stack gap={0} justify="flex-end" mt={25}>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => remove(index)}
              >
                {t('contracts.remove')}
              </Button>
            </Stack>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => append({ ...NEW_CONTRACT })}
          >
            {t('contracts.add')}
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

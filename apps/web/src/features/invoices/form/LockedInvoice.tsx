import { useMemo } from 'react';
import {
  Alert,
  Box,
  Button,
  LoadingOverlay,
  Paper,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@faktura/shared';
import { ReadOnlyDocument } from './ReadOnlyDocument';
import { placeServerErrors } from '../../../components/forms/serverErrors';
import { useErrorText } from '../../../components/forms/useErrorText';
import { zodI18nResolver } from '../../../components/forms/zodI18nResolver';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { invoiceApi } from '../api';
import { CreditNotesSection } from '../credit/CreditNotesSection';
import { FormDateField } from './DateField';
import {
  LOCKED_FIELDS,
  lockedSchema,
  lockedValues,
  type LockedOutput,
  type LockedValues,
} from './lockedModel';
import { useGoBack, useRefreshInvoices } from './pageHooks';
import { ReferenceFields } from './ReferenceFields';
import { ActionBar } from '../../../components/ActionBar';

/**
 * An issued (or cleared) invoice: what it says is shown as issued, with the reason it cannot change;
 * the internal number, due date and payment reference stay editable.
 */
export function LockedInvoice({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const { text } = useErrorText();
  const goBack = useGoBack();
  const refresh = useRefreshInvoices();
  const schema = useMemo(() => lockedSchema(invoice), [invoice]);
  const methods = useForm<LockedValues, unknown, LockedOutput>({
    defaultValues: lockedValues(invoice),
    resolver: zodI18nResolver<LockedValues, LockedOutput>(schema),
  });
  const { isSubmitting, errors } = methods.formState;

  async function update(values: LockedOutput) {
    try {
      const saved = await invoiceApi.update(invoice.id, values);
      notifySuccess(t('invoiceForm.updated', { number: saved.number ?? invoice.invoiceNumber ?? '' }));
      refresh();
      goBack();
    } catch (error) {
      const leftover = placeServerErrors(error, methods.setError, (field) =>
        (LOCKED_FIELDS as readonly string[]).includes(field) ? (field as keyof LockedValues) : null,
      );
      if (leftover.length > 0) notifyFailure(t('invoiceForm.updateFailed'), leftover);
    }
  }

  return (
    <Stack>
      <Alert color="blue" variant="light" icon={<IconLock size={18} />}>
        {t('invoiceForm.lockedExplanation')}
      </Alert>
      <ReadOnlyDocument invoice={invoice} />
      <CreditNotesSection invoice={invoice} />
      <FormProvider {...methods}>
        <Box
          component="form"
          pos="relative"
          noValidate
          aria-labelledby="invoice-editable"
          onSubmit={(event) => void methods.handleSubmit(update)(event)}
        >
          <LoadingOverlay visible={isSubmitting} zIndex={10} overlayProps={{ blur: 1 }} />
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm" id="invoice-editable">
              {t('invoiceForm.editableTitle')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={t('fields.extraInfo')}
                error={text(errors.extraInfo)}
                {...methods.register('extraInfo')}
              />
              <FormDateField
                name="paymentDueDate"
                label={t('fields.paymentDueDate')}
                minDate={invoice.billingDate ?? undefined}
              />
              <ReferenceFields />
            </SimpleGrid>
            <ActionBar>
              <Button type="submit" disabled={isSubmitting}>
                {t('invoiceForm.update')}
              </Button>
            </ActionBar>
          </Paper>
        </Box>
      </FormProvider>
    </Stack>
  );
}

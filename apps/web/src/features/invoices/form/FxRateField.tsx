import { useEffect } from 'react';
import { TextInput } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { endpoints, formatMessageParams, type Language } from '@faktura/shared';
import { useErrorText } from '../../../components/forms/useErrorText';
import { useApi } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import type { InvoiceFormValues } from './invoiceFormModel';

/** The rate as the input shows it: exact, with the language's decimal mark ("1,0856" / "1.0856"). */
const asTyped = (rate: string, language: Language) => (language === 'hr' ? rate.replace('.', ',') : rate);

/**
 * The euro rate of a USD invoice. HNB's middle rate for the invoice's date (the day it is issued) is
 * proposed: filled in while the input is empty, with a note naming the list's day; the operator may
 * type another. When HNB's list cannot be read the input stays empty and says so.
 */
export function FxRateField({ today }: { today: string }) {
  const { t } = useTranslation();
  const { text } = useErrorText();
  const language = currentLanguage();
  const { control, register, formState, getValues, setValue } = useFormContext<InvoiceFormValues>();
  const value = useWatch({ control, name: 'eurFxRate' });
  // asked once per screen: a published list does not change, and a failure is said rather than retried
  const proposal = useApi(
    endpoints.exchangeRate.get,
    { query: { currency: 'USD', date: today } },
    { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false },
  );
  const proposed = proposal.data ? asTyped(proposal.data.rate, language) : null;

  useEffect(() => {
    if (proposed && !getValues('eurFxRate').trim()) setValue('eurFxRate', proposed, { shouldDirty: true });
  }, [proposed, getValues, setValue]);

  let note: string | null = null;
  if (proposal.data && value.trim() === proposed) {
    note = t('invoiceForm.fxRateProposed', formatMessageParams({ date: proposal.data.appliesOn }, language));
  } else if (proposal.error && !value.trim()) {
    note = t('errors.exchangeRateUnavailable');
  } else if (proposal.isLoading && !value.trim()) {
    note = t('invoiceForm.fxRateLoading');
  }

  return (
    <TextInput
      label={t('fields.eurFxRate')}
      withAsterisk
      inputMode="decimal"
      description={
        note ? (
          <>
            {note}
            <br />
            {t('invoiceForm.fxRateHelp')}
          </>
        ) : (
          t('invoiceForm.fxRateHelp')
        )
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      error={text(formState.errors.eurFxRate)}
      {...register('eurFxRate')}
    />
  );
}

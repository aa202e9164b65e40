import { Select, SimpleGrid } from '@mantine/core';
import { Controller, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractDates, defaultVatTreatment, type Company, type Contract } from '@faktura/shared';
import { useErrorText } from '../../../components/forms/useErrorText';
import { errorReason } from '../../../lib/apiError';
import { useClients } from '../../clients';
import type { InvoiceFormValues } from './invoiceFormModel';
import { useContractLabel } from './contractLabel';
import { useSetField } from './useSetField';

// The contract select's value when the invoice's terms match none of the client's contracts (any
// more): they are still the invoice's, so they stay shown until another contract is chosen.
const OWN_TERMS = 'invoice';

interface ClientFieldsProps {
  today: string;
  issuerInVatSystem: boolean;
}

/**
 * The client and one of its contracts. A contract proposes the date and period of supply and the
 * due date (decision 026, in place of spec §4's reference date); the client decides the default VAT
 * treatment.
 */
export function ClientFields({ today, issuerInVatSystem }: ClientFieldsProps) {
  const { t } = useTranslation();
  const { selectText } = useErrorText();
  const contractLabel = useContractLabel();
  const { control } = useFormContext<InvoiceFormValues>();
  const setField = useSetField();
  const { data: clients, error: loadError } = useClients();
  const { errors } = useFormState({ control, name: 'contractType' });
  const [clientId, contractType, contractDueDays] = useWatch({
    control,
    name: ['clientId', 'contractType', 'contractDueDays'],
  });
  const client = clients?.find((candidate) => candidate.id === clientId);
  const contracts = client?.contracts ?? [];
  const chosen = contracts.find((c) => c.type === contractType && c.paymentDueDays === contractDueDays);

  function chooseClient(next: Company | undefined) {
    setField('clientId', next?.id ?? null);
    // The previous client's contract does not belong to this one.
    setField('contractType', null);
    setField('contractDueDays', null);
    if (next) {
      setField(
        'vatTreatment',
        defaultVatTreatment({
          issuerInVatSystem,
          clientCountry: next.address.countryCode,
          // a private person's OIB is no VAT number: an EU consumer is never reverse charged
          clientVatNumber: next.kind === 'CONSUMER' ? null : next.pin,
        }),
      );
    }
  }

  function chooseContract(contract: Contract | undefined) {
    setField('contractType', contract?.type ?? null);
    setField('contractDueDays', contract?.paymentDueDays ?? null);
    if (!contract) return;
    // the month of work goes in the supply; the invoice is dated the day it is issued (decision 026)
    const dates = contractDates(contract.type, contract.paymentDueDays, today);
    setField('deliveryDate', dates.deliveryDate);
    setField('servicePeriodStart', dates.servicePeriod?.start ?? '');
    setField('servicePeriodEnd', dates.servicePeriod?.end ?? '');
    setField('paymentDueDate', dates.paymentDueDate);
  }

  const contractOptions = contracts.map((c) => ({
    value: String(c.id),
    label: contractLabel(c.type, c.paymentDueDays),
  }));
  if (!chosen && contractType && contractDueDays !== null)
    contractOptions.push({ value: OWN_TERMS, label: contractLabel(contractType, contractDueDays) });
  const clientLabel = t('fields.clientId');
  const contractLabelText = t('fields.contractType');

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Controller
        control={control}
        name="clientId"
        render={({ field, fieldState }) => (
          <Select
            ref={field.ref}
            label={clientLabel}
            withAsterisk
            searchable
            // A failed submit focuses this select; an opened list would hide the message under it.
            openOnFocus={false}
            placeholder={t('invoiceForm.chooseClient')}
            // a private person's invoice is fiscalized whatever the payment method (decision 031)
            description={client?.kind === 'CONSUMER' ? t('invoiceForm.consumerClient') : undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            nothingFoundMessage={t('invoiceForm.noClientMatch')}
            data={(clients ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={field.value === null ? null : String(field.value)}
            onChange={(value) => chooseClient(clients?.find((c) => String(c.id) === value))}
            onBlur={field.onBlur}
            allowDeselect={false}
            error={loadError ? errorReason(loadError) : selectText(fieldState.error, clientLabel, t('invoiceForm.chooseClient'))}
          />
        )}
      />
      <Select
        label={contractLabelText}
        placeholder={t('invoiceForm.noContract')}
        description={
          client && contracts.length === 0
            ? t('invoiceForm.clientHasNoContracts')
            : t('invoiceForm.contractHelp')
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        data={contractOptions}
        value={chosen ? String(chosen.id) : contractType ? OWN_TERMS : null}
        onChange={(value) => chooseContract(contracts.find((c) => String(c.id) === value))}
        disabled={contractOptions.length === 0}
        clearable
        error={selectText(errors.contractType, contractLabelText)}
      />
    </SimpleGrid>
  );
}

import { Modal, Stack, TextInput } from '@mantine/core';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { useDialogFullScreen } from '../../components/useDialogFullScreen';
import { FormActions } from '../../components/forms/FormActions';
import { placeServerErrors } from '../../components/forms/serverErrors';
import { useErrorText } from '../../components/forms/useErrorText';
import { zodI18nResolver } from '../../components/forms/zodI18nResolver';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { ADDRESSES_KEY } from '../addresses';
import { AddressChoice, useChosenCountry } from './AddressChoice';
import { CLIENTS_KEY, createClient } from './api';
import { ClientFields } from './ClientFields';
import {
  clientCreateFormSchema,
  createFieldFor,
  emptyClientValues,
  taxNumberError,
  toCreatePayload,
  type ClientCreateOutput,
  type ClientCreateValues,
} from './clientForm';

/** The New client dialog. */
export function ClientCreateModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const fullScreen = useDialogFullScreen();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('clients.createTitle')}
      size="lg"
      fullScreen={fullScreen}
    >
      {/* The modal unmounts its content when closed, so every opening starts a fresh form. */}
      <ClientCreateForm onDone={onClose} />
    </Modal>
  );
}

function ClientCreateForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { text } = useErrorText();
  const { mutate } = useSWRConfig();
  const methods = useForm<ClientCreateValues, unknown, ClientCreateOutput>({
    resolver: zodI18nResolver(clientCreateFormSchema),
    defaultValues: emptyClientValues(),
  });
  const { isSubmitting, errors } = methods.formState;
  // the country the dialog shows (typed in or of the picked address): it names and checks the tax number
  const countryCode = useChosenCountry(methods.control);
  const croatian = countryCode === 'HR';

  const submit = methods.handleSubmit(async (values) => {
    // the server's EU VAT number rule, which needs the country the contract's schema cannot see
    const pinError = taxNumberError(countryCode, values);
    if (pinError) {
      methods.setError('pin', pinError, { shouldFocus: true });
      return;
    }
    try {
      await createClient(toCreatePayload(values, croatian));
      notifySuccess(t('clients.created'));
      void mutate(CLIENTS_KEY);
      // A typed-in address has just been added to the address book as well.
      if (!values.useExistingAddress) void mutate(ADDRESSES_KEY);
      onDone();
    } catch (error) {
      // The dialog stays open with what was typed, the server's reasons beside the inputs.
      const leftover = placeServerErrors(error, methods.setError, (field) =>
        createFieldFor(field, methods.getValues()),
      );
      if (leftover.length > 0) notifyFailure(t('clients.createFailed'), leftover);
    }
  });

  return (
    <FormProvider {...methods}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <ClientFields
            name={(label) => (
              <TextInput
                label={label}
                withAsterisk
                data-autofocus
                {...methods.register('name')}
                error={text(errors.name)}
              />
            )}
            address={<AddressChoice />}
            countryCode={countryCode}
          />
          <FormActions saving={isSubmitting} onCancel={onDone} />
        </Stack>
      </form>
    </FormProvider>
  );
}

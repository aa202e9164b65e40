import { Modal, Stack, TextInput } from '@mantine/core';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import type { Company } from '@faktura/shared';
import { useDialogFullScreen } from '../../components/useDialogFullScreen';
import { FormActions } from '../../components/forms/FormActions';
import { placeServerErrors } from '../../components/forms/serverErrors';
import { zodI18nResolver } from '../../components/forms/zodI18nResolver';
import { currentLanguage } from '../../lib/i18n';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { addressSummary } from '../addresses';
import { CLIENTS_KEY, updateClient } from './api';
import { ClientFields } from './ClientFields';
import {
  clientUpdateFormSchema,
  clientUpdateValues,
  editableFieldFor,
  toUpdatePayload,
  withTaxNumberRule,
  type ClientEditableValues,
  type ClientUpdatePayload,
} from './clientForm';

interface ClientUpdateModalProps {
  opened: boolean;
  client: Company | null;
  onClose: () => void;
}

/** The Edit client dialog: name and address are fixed once a client exists, the rest is editable. */
export function ClientUpdateModal({ opened, client, onClose }: ClientUpdateModalProps) {
  const { t } = useTranslation();
  const fullScreen = useDialogFullScreen();
  return (
    <Modal
      opened={opened && client !== null}
      onClose={onClose}
      title={t('clients.editTitle')}
      size="lg"
      fullScreen={fullScreen}
    >
      {client && <ClientUpdateForm client={client} onDone={onClose} />}
    </Modal>
  );
}

function ClientUpdateForm({ client, onDone }: { client: Company; onDone: () => void }) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const methods = useForm<ClientEditableValues, unknown, ClientUpdatePayload>({
    resolver: withTaxNumberRule(zodI18nResolver(clientUpdateFormSchema), client.address.countryCode, client.pin),
    defaultValues: clientUpdateValues(client),
  });
  const { isSubmitting } = methods.formState;

  const submit = methods.handleSubmit(async (values) => {
    try {
      await updateClient(client.id, toUpdatePayload(values));
      notifySuccess(t('clients.updated'));
      void mutate(CLIENTS_KEY);
      onDone();
    } catch (error) {
      const leftover = placeServerErrors(error, methods.setError, (field) =>
        editableFieldFor(field, methods.getValues('contracts').length),
      );
      if (leftover.length > 0) notifyFailure(t('clients.updateFailed'), leftover);
    }
  });

  return (
    <FormProvider {...methods}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <ClientFields
            name={(label) => <TextInput label={label} value={client.name} readOnly variant="filled" />}
            address={
              <TextInput
                label={t('fields.address')}
                value={addressSummary(client.address, currentLanguage())}
                readOnly
                variant="filled"
              />
            }
            countryCode={client.address.countryCode}
          />
          <FormActions saving={isSubmitting} onCancel={onDone} />
        </Stack>
      </form>
    </FormProvider>
  );
}

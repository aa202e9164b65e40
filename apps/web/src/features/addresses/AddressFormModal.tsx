import { Modal, Stack } from '@mantine/core';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { z } from 'zod';
import { addressInputSchema, type Address } from '@faktura/shared';
import { useDialogFullScreen } from '../../components/useDialogFullScreen';
import { FormActions } from '../../components/forms/FormActions';
import { placeServerErrors } from '../../components/forms/serverErrors';
import { zodI18nResolver } from '../../components/forms/zodI18nResolver';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import {
  AddressFields,
  addressFieldValues,
  EMPTY_ADDRESS,
  isAddressField,
  type AddressFieldValues,
} from './AddressFields';
import { ADDRESSES_KEY, createAddress, updateAddress, type AddressPayload } from './api';

// The address sits under `address` so AddressFields serves this dialog and the new-client one alike.
const formSchema = z.object({ address: addressInputSchema });

interface FormValues {
  address: AddressFieldValues;
}

interface AddressFormModalProps {
  opened: boolean;
  /** The address being edited; null creates a new one. */
  address: Address | null;
  onClose: () => void;
}

/** The New address / Edit address dialog. */
export function AddressFormModal({ opened, address, onClose }: AddressFormModalProps) {
  const { t } = useTranslation();
  const fullScreen = useDialogFullScreen();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={address ? t('addresses.editTitle') : t('addresses.createTitle')}
      size="lg"
      fullScreen={fullScreen}
    >
      {/* The modal unmounts its content when closed, so every opening starts a fresh form. */}
      <AddressForm address={address} onDone={onClose} />
    </Modal>
  );
}

function AddressForm({ address, onDone }: { address: Address | null; onDone: () => void }) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const methods = useForm<FormValues, unknown, { address: AddressPayload }>({
    resolver: zodI18nResolver(formSchema),
    defaultValues: { address: address ? addressFieldValues(address) : EMPTY_ADDRESS },
  });
  const { isSubmitting } = methods.formState;

  const submit = methods.handleSubmit(async ({ address: payload }) => {
    try {
      const saved = address ? await updateAddress(address.id, payload) : await createAddress(payload);
      notifySuccess(address ? t('addresses.updated') : t('addresses.created', { id: saved.id }));
      void mutate(ADDRESSES_KEY);
      onDone();
    } catch (error) {
      // The dialog stays open with what was typed, the server's reasons beside the inputs.
      const leftover = placeServerErrors(error, methods.setError, (field) =>
        isAddressField(field) ? (`address.${field}` as const) : null,
      );
      if (leftover.length > 0) {
        notifyFailure(address ? t('addresses.updateFailed') : t('addresses.createFailed'), leftover);
      }
    }
  });

  return (
    <FormProvider {...methods}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <AddressFields />
          <FormActions saving={isSubmitting} onCancel={onDone} />
        </Stack>
      </form>
    </FormProvider>
  );
}

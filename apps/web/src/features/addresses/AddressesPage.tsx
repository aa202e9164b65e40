import { useState } from 'react';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Address } from '@faktura/shared';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { ListState } from '../../components/ListState';
import { PageHeader } from '../../components/PageHeader';
import { errorReason } from '../../lib/apiError';
import { currentLanguage } from '../../lib/i18n';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { AddressFormModal } from './AddressFormModal';
import { AddressTable } from './AddressTable';
import { addressSummary, deleteAddress, useAddresses } from './api';

/** The address book (route /Address): list, create, edit and delete addresses. */
export function AddressesPage() {
  const { t } = useTranslation();
  const { data, error, mutate } = useAddresses();
  // The targets outlive the dialogs' closing animation, so their texts do not flip while fading out.
  const [editing, setEditing] = useState<Address | null>(null);
  const [formOpened, form] = useDisclosure(false);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [deleteOpened, confirmDelete] = useDisclosure(false);

  function openForm(address: Address | null) {
    setEditing(address);
    form.open();
  }

  async function remove(address: Address) {
    try {
      await deleteAddress(address.id);
      notifySuccess(t('addresses.deleted'));
    } catch (failure) {
      // 409 says which client still uses the address; the operator needs that name.
      notifyFailure(t('addresses.deleteFailed'), errorReason(failure));
    }
    void mutate();
  }

  return (
    <>
      <PageHeader
        title={t('addresses.title')}
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={() => openForm(null)}>
            {t('addresses.new')}
          </Button>
        }
      />
      <ListState data={data} error={error} empty={t('addresses.empty')} onRetry={() => void mutate()}>
        {(addresses) => (
          <AddressTable
            addresses={addresses}
            onEdit={openForm}
            onDelete={(address) => {
              setDeleting(address);
              confirmDelete.open();
            }}
          />
        )}
      </ListState>
      <AddressFormModal opened={formOpened} address={editing} onClose={form.close} />
      <ConfirmDeleteModal
        opened={deleteOpened}
        title={t('addresses.deleteTitle')}
        question={t('addresses.deleteQuestion')}
        subject={deleting ? addressSummary(deleting, currentLanguage()) : ''}
        onClose={confirmDelete.close}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
    </>
  );
}

import { useState } from 'react';
import { Button, SegmentedControl, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { COMPANY_ROLES, type Company, type CompanyRole } from '@faktura/shared';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { ListState } from '../../components/ListState';
import { PageHeader } from '../../components/PageHeader';
import { errorReason } from '../../lib/apiError';
import { currentLanguage } from '../../lib/i18n';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { addressSummary } from '../addresses';
import { deleteClient, useClients } from './api';
import { ClientCreateModal } from './ClientCreateModal';
import { ClientTable } from './ClientTable';
import { ClientUpdateModal } from './ClientUpdateModal';

/** The client companies (route /Clients): list, create, edit and delete clients. */
export function ClientsPage() {
  const { t } = useTranslation();
  // clients (the default), the suppliers of received invoices, or all (decision 039)
  const [params, setParams] = useSearchParams();
  const role: CompanyRole = COMPANY_ROLES.find((r) => r === params.get('role')) ?? 'client';
  const { data, error, mutate } = useClients(role);
  const [createOpened, create] = useDisclosure(false);
  // The targets outlive the dialogs' closing animation, so their texts do not flip while fading out.
  const [editing, setEditing] = useState<Company | null>(null);
  const [editOpened, edit] = useDisclosure(false);
  const [deleting, setDeleting] = useState<Company | null>(null);
  const [deleteOpened, confirmDelete] = useDisclosure(false);

  async function remove(client: Company) {
    try {
      await deleteClient(client.id);
      notifySuccess(t('clients.deleted'));
    } catch (failure) {
      // 409 says the client has invoices; the operator needs to know why it stays.
      notifyFailure(t('clients.deleteFailed'), errorReason(failure));
    }
    void mutate();
  }

  return (
    <>
      <PageHeader
        title={t('clients.title')}
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={create.open}>
            {t('clients.new')}
          </Button>
        }
      />
      <Stack gap="md">
        <SegmentedControl
          aria-label={t('supplierRoles.filter')}
          value={role}
          onChange={(value) => setParams(value === 'client' ? {} : { role: value }, { replace: true })}
          data={COMPANY_ROLES.map((value) => ({ value, label: t(`supplierRoles.${value}`) }))}
          style={{ alignSelf: 'flex-start' }}
        />
        <ListState data={data} error={error} empty={t('clients.empty')} onRetry={() => void mutate()}>
          {(clients) => (
            <ClientTable
              clients={clients}
              onEdit={(client) => {
                setEditing(client);
                edit.open();
              }}
              onDelete={(client) => {
                setDeleting(client);
                confirmDelete.open();
              }}
            />
          )}
        </ListState>
      </Stack>
      <ClientCreateModal
        opened={createOpened}
        onClose={() => {
          create.close();
          void mutate();
        }}
      />
      <ClientUpdateModal
        opened={editOpened}
        client={editing}
        onClose={() => {
          edit.close();
          void mutate();
        }}
      />
      <ConfirmDeleteModal
        opened={deleteOpened}
        title={t('clients.deleteTitle')}
        question={t('clients.deleteQuestion')}
        subject={deleting ? `${deleting.name} · ${addressSummary(deleting.address, currentLanguage())}` : ''}
        onClose={confirmDelete.close}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
    </>
  );
}

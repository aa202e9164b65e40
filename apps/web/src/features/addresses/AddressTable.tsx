import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Address } from '@faktura/shared';
import { RowActions } from '../../components/RowActions';
import { currentLanguage } from '../../lib/i18n';
import { countryLabel } from './api';
import { RecordTable } from '../../components/RecordTable';

interface AddressTableProps {
  addresses: Address[];
  onEdit: (address: Address) => void;
  onDelete: (address: Address) => void;
}

const COLUMNS = ['id', 'address1', 'address2', 'city', 'zip', 'state', 'country'] as const;

/** Optional parts show a dimmed dash, so an empty cell does not look like a failed load. */
function Optional({ value }: { value: string | null }) {
  return value ? (
    <>{value}</>
  ) : (
    <Text span c="dimmed">
      —
    </Text>
  );
}

export function AddressTable({ addresses, onEdit, onDelete }: AddressTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <RecordTable
      label={t('addresses.list')}
      minWidth={860}
      columns={COLUMNS.map((column) => ({ label: t(`addresses.columns.${column}`) }))}
    >
      {addresses.map((address) => (
        <Table.Tr key={address.id}>
          <Table.Td>{address.id}</Table.Td>
          <Table.Td>{address.address1}</Table.Td>
          <Table.Td>
            <Optional value={address.address2} />
          </Table.Td>
          <Table.Td>{address.city}</Table.Td>
          <Table.Td>{address.zip}</Table.Td>
          <Table.Td>
            <Optional value={address.state} />
          </Table.Td>
          <Table.Td>{countryLabel(address, language)}</Table.Td>
          <Table.Td>
            <RowActions
              editLabel={t('addresses.editAria', { label: address.address1 })}
              deleteLabel={t('addresses.deleteAria', { label: address.address1 })}
              onEdit={() => onEdit(address)}
              onDelete={() => onDelete(address)}
            />
          </Table.Td>
        </Table.Tr>
      ))}
    </RecordTable>
  );
}

import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { taxNumberKind, type Company } from '@faktura/shared';
import { RowActions } from '../../components/RowActions';
import { currentLanguage } from '../../lib/i18n';
import { countryLabel } from '../addresses';
import { RecordTable } from '../../components/RecordTable';

interface ClientTableProps {
  clients: Company[];
  onEdit: (client: Company) => void;
  onDelete: (client: Company) => void;
}

const COLUMNS = ['id', 'name', 'address', 'country', 'contact', 'vatNumber'] as const;

export function ClientTable({ clients, onEdit, onDelete }: ClientTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <RecordTable
      label={t('clients.list')}
      minWidth={860}
      columns={COLUMNS.map((column) => ({ label: t(`clients.columns.${column}`) }))}
    >
      {clients.map((client) => (
        <Table.Tr key={client.id}>
          <Table.Td>{client.id}</Table.Td>
          <Table.Td fw={500}>
            <Group gap="xs" wrap="wrap">
              {client.name}
              {client.kind === 'CONSUMER' && (
                // whole on a phone too: the column widens rather than cut the word
                <Badge size="sm" variant="light" color="grape" miw="max-content">
                  {t('clients.consumerMark')}
                </Badge>
              )}
              {client.kind === 'BUSINESS' && !client.receivesEInvoices && (
                <Badge size="sm" variant="light" color="gray" title={t('clients.notReceivingEInvoices')}>
                  {t('clients.noEInvoicesMark')}
                </Badge>
              )}
              {client.isSupplier && (
                <Badge size="sm" variant="light" color="teal" miw="max-content">
                  {t('supplierRoles.supplierBadge')}
                </Badge>
              )}
            </Group>
            {client.isSupplier && client.pin && (
              <Anchor component={Link} to={`/Inbox?supplier=${client.pin.replace(/^HR/i, '')}`} size="xs" fw={400}>
                {t('supplierRoles.receivedFrom')}
              </Anchor>
            )}
          </Table.Td>
          <Table.Td>
            {client.address.address1}, {client.address.zip} {client.address.city}
          </Table.Td>
          <Table.Td>{countryLabel(client.address, language)}</Table.Td>
          <Table.Td>
            <Anchor href={`mailto:${client.email}`} size="sm">
              {client.email}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <TaxNumber client={client} />
          </Table.Td>
          <Table.Td>
            <RowActions
              editLabel={t('clients.editAria', { name: client.name })}
              deleteLabel={t('clients.deleteAria', { name: client.name })}
              onEdit={() => onEdit(client)}
              onDelete={() => onDelete(client)}
            />
          </Table.Td>
        </Table.Tr>
      ))}
    </RecordTable>
  );
}

/**
 * The client's tax number named by its country: "OIB 12345678903" (a Croatian client, whose VAT
 * number is HR and the OIB, and a private person), "PDV ID broj ATU12345678", "Porezni broj …".
 */
function TaxNumber({ client }: { client: Company }) {
  const { t } = useTranslation();
  const kind = taxNumberKind(client.address.countryCode, client.kind);
  const value = kind === 'OIB' ? client.pin : client.vatNumber;
  if (!value) {
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Text span size="sm">
      <Text span size="xs" c="dimmed">
        {t(`clients.taxNumber.${kind}`)}
      </Text>{' '}
      {/* whole: "84-1234567" is not broken at its dash */}
      <span style={{ whiteSpace: 'nowrap' }}>{value}</span>
    </Text>
  );
}

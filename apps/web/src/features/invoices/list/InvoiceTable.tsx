import { useState } from 'react';
import { ActionIcon, Group, Table } from '@mantine/core';
import { IconMail, IconPencil, IconPrinter, IconReceiptRefund, IconRepeat, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InvoiceListRow } from '@faktura/shared';
import { currentLanguage } from '../../../lib/i18n';
import { type SendEmailTarget, SendEmailModal } from '../../email';
import { amountStyle, InvoiceNumberText, StateCell } from './cells';
import { formatDay } from './format';
import { UnavailableAction } from './UnavailableAction';
import { RecordTable } from '../../../components/RecordTable';
import { lazyDialog, openWhileInvoiceId } from '../../../components/lazy';

// Loaded the first time one opens, not with the list.
const PrintPreviewModal = lazyDialog(() => import('../../print').then((m) => m.PrintPreviewModal), openWhileInvoiceId());
const CreditNoteModal = lazyDialog(() => import('../credit/CreditNoteModal').then((m) => m.CreditNoteModal), openWhileInvoiceId());

interface InvoiceTableProps {
  rows: InvoiceListRow[];
  onDelete: (row: InvoiceListRow) => void;
}

/** The invoice list's table: number, client, date, state, amount, then preview, edit and delete. */
export function InvoiceTable({ rows, onDelete }: InvoiceTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  // One preview dialog for the whole table, opened for the row whose printer was clicked.
  const [previewId, setPreviewId] = useState<number | null>(null);
  // Likewise one credit note dialog, for the issued invoice whose button was clicked.
  const [creditId, setCreditId] = useState<number | null>(null);
  // And one e-mail dialog, for the issued invoice whose envelope was clicked.
  const [emailTarget, setEmailTarget] = useState<SendEmailTarget | null>(null);
  // Drafts have no number yet, so their buttons are named after the client instead.
  const editLabel = (row: InvoiceListRow) =>
    row.invoiceNumber
      ? t('invoices.editAria', { number: row.invoiceNumber })
      : t('invoices.editDraftAria', { client: row.client });
  const previewLabel = (row: InvoiceListRow) =>
    row.invoiceNumber
      ? t('preview.rowAria', { number: row.invoiceNumber })
      : t('preview.rowDraftAria', { client: row.client });
  const deleteLabel = (row: InvoiceListRow) =>
    row.invoiceNumber
      ? t('invoices.deleteAria', { number: row.invoiceNumber })
      : t('invoices.deleteDraftAria', { client: row.client });

  return (
    <>
      <RecordTable
        label={t('invoices.list')}
        minWidth={720}
        columns={[
          { label: t('invoices.columns.number') },
          { label: t('invoices.columns.client') },
          { label: t('invoices.columns.date') },
          { label: t('invoices.columns.state') },
          { label: t('invoices.columns.amount'), align: 'right' },
        ]}
      >
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td fw={500} style={{ whiteSpace: 'nowrap' }}>
              <InvoiceNumberText row={row} />
            </Table.Td>
            <Table.Td>{row.client}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(row.invoiceDate, language)}</Table.Td>
            <Table.Td>
              <StateCell row={row} />
            </Table.Td>
            <Table.Td ta="right" style={amountStyle}>
              {row.amountFormatted}
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap" justify="flex-end">
                <ActionIcon
                  variant="subtle"
                  aria-label={previewLabel(row)}
                  title={previewLabel(row)}
                  onClick={() => setPreviewId(row.id)}
                >
                  <IconPrinter size={18} stroke={1.6} />
                </ActionIcon>
                {row.actions.creditNote.allowed ? (
                  <ActionIcon
                    variant="subtle"
                    color="orange"
                    aria-label={t('creditNote.rowAria', { number: row.invoiceNumber ?? '' })}
                    title={t('creditNote.rowAria', { number: row.invoiceNumber ?? '' })}
                    onClick={() => setCreditId(row.id)}
                  >
                    <IconReceiptRefund size={18} stroke={1.6} />
                  </ActionIcon>
                ) : (
                  // a fully credited invoice is where a user still looks for it; drafts and notes never had it
                  row.actions.creditNote.reason === 'FULLY_CREDITED' && (
                    <UnavailableAction
                      id={`credit-unavailable-${row.id}`}
                      color="orange"
                      label={t('creditNote.rowAria', { number: row.invoiceNumber ?? '' })}
                      why={t('invoices.unavailable.FULLY_CREDITED')}
                    >
                      <IconReceiptRefund size={18} stroke={1.6} />
                    </UnavailableAction>
                  )
                )}
                {row.invoiceState !== 'DRAFT' && row.invoiceNumber && (
                  <ActionIcon
                    variant="subtle"
                    color="teal"
                    aria-label={t('email.send.rowAria', { number: row.invoiceNumber })}
                    title={t('email.send.rowAria', { number: row.invoiceNumber })}
                    onClick={() => setEmailTarget({ invoiceId: row.id, number: row.invoiceNumber ?? '', kind: 'invoice' })}
                  >
                    <IconMail size={18} stroke={1.6} />
                  </ActionIcon>
                )}
                {/* Repeat: a new invoice from this one, dated this month; credit notes and drafts are not repeated */}
                {row.invoiceState !== 'DRAFT' && row.documentType === 'INVOICE' && row.invoiceNumber && (
                  <ActionIcon
                    component={Link}
                    to={`/Invoices/NewInvoice?from=${row.id}`}
                    variant="subtle"
                    color="grape"
                    aria-label={t('invoiceForm.repeat.rowAria', { number: row.invoiceNumber })}
                    title={t('invoiceForm.repeat.rowAria', { number: row.invoiceNumber })}
                  >
                    <IconRepeat size={18} stroke={1.6} />
                  </ActionIcon>
                )}
                {/* A link, not a button: it can be opened in a new tab like any address. */}
                <ActionIcon
                  component={Link}
                  to={`/Invoices/${row.id}`}
                  variant="subtle"
                  aria-label={editLabel(row)}
                  title={editLabel(row)}
                >
                  <IconPencil size={18} stroke={1.6} />
                </ActionIcon>
                {row.actions.delete.allowed ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={deleteLabel(row)}
                    title={deleteLabel(row)}
                    onClick={() => onDelete(row)}
                  >
                    <IconTrash size={18} stroke={1.6} />
                  </ActionIcon>
                ) : (
                  <UnavailableAction
                    id={`delete-unavailable-${row.id}`}
                    color="red"
                    label={deleteLabel(row)}
                    why={t(`invoices.unavailable.${row.actions.delete.reason ?? 'NOT_NEWEST'}`)}
                  >
                    <IconTrash size={18} stroke={1.6} />
                  </UnavailableAction>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </RecordTable>
      <PrintPreviewModal invoiceId={previewId} onClose={() => setPreviewId(null)} />
      <CreditNoteModal invoiceId={creditId} onClose={() => setCreditId(null)} />
      <SendEmailModal target={emailTarget} onClose={() => setEmailTarget(null)} />
    </>
  );
}

import { ActionIcon, Group } from '@mantine/core';
import { IconMail, IconPencil, IconPrinter, IconReceiptRefund, IconRepeat, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InvoiceListRow } from '@faktura/shared';
import { UnavailableAction } from './UnavailableAction';

/** What the list does when a row's button is pressed. */
export interface RowHandlers {
  preview: (row: InvoiceListRow) => void;
  creditNote: (row: InvoiceListRow) => void;
  email: (row: InvoiceListRow) => void;
  delete: (row: InvoiceListRow) => void;
}

/** A row's buttons, alike in the table and in the phone's cards: preview, credit note, e-mail, repeat, edit, delete. */
export function InvoiceRowActions({ row, on }: { row: InvoiceListRow; on: RowHandlers }) {
  const { t } = useTranslation();
  // Drafts have no number yet, so their buttons are named after the client instead.
  // a credit note is named by its kind (odobrenje), never "invoice"
  const note = row.documentType === 'CREDIT_NOTE';
  const editLabel = row.invoiceNumber
    ? t(note ? 'invoices.openCreditNoteAria' : 'invoices.editAria', { number: row.invoiceNumber })
    : t('invoices.editDraftAria', { client: row.client });
  const previewLabel = row.invoiceNumber
    ? t(note ? 'invoices.previewCreditNoteAria' : 'invoices.previewAria', { number: row.invoiceNumber })
    : t('invoices.previewDraftAria', { client: row.client });
  const deleteLabel = row.invoiceNumber
    ? t('invoices.deleteAria', { number: row.invoiceNumber })
    : t('invoices.deleteDraftAria', { client: row.client });
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon
        variant="subtle"
        aria-label={previewLabel}
        title={previewLabel}
        onClick={() => on.preview(row)}
      >
        <IconPrinter size={18} stroke={1.6} />
      </ActionIcon>
      {row.actions.creditNote.allowed ? (
        <ActionIcon
          variant="subtle"
          color="orange"
          aria-label={t('invoices.creditNoteAria', { number: row.invoiceNumber ?? '' })}
          title={t('invoices.creditNoteAria', { number: row.invoiceNumber ?? '' })}
          onClick={() => on.creditNote(row)}
        >
          <IconReceiptRefund size={18} stroke={1.6} />
        </ActionIcon>
      ) : (
        // a fully credited invoice is where a user still looks for it; drafts and notes never had it
        row.actions.creditNote.reason === 'FULLY_CREDITED' && (
          <UnavailableAction
            id={`credit-unavailable-${row.id}`}
            color="orange"
            label={t('invoices.creditNoteAria', { number: row.invoiceNumber ?? '' })}
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
          aria-label={t(note ? 'invoices.emailCreditNoteAria' : 'invoices.emailAria', { number: row.invoiceNumber })}
          title={t(note ? 'invoices.emailCreditNoteAria' : 'invoices.emailAria', { number: row.invoiceNumber })}
          onClick={() => on.email(row)}
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
          aria-label={t('invoices.repeatAria', { number: row.invoiceNumber })}
          title={t('invoices.repeatAria', { number: row.invoiceNumber })}
        >
          <IconRepeat size={18} stroke={1.6} />
        </ActionIcon>
      )}
      {/* A link, not a button: it can be opened in a new tab like any address. */}
      <ActionIcon
        component={Link}
        to={`/Invoices/${row.id}`}
        variant="subtle"
        aria-label={editLabel}
        title={editLabel}
      >
        <IconPencil size={18} stroke={1.6} />
      </ActionIcon>
      {row.actions.delete.allowed ? (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={deleteLabel}
          title={deleteLabel}
          onClick={() => on.delete(row)}
        >
          <IconTrash size={18} stroke={1.6} />
        </ActionIcon>
      ) : (
        <UnavailableAction
          id={`delete-unavailable-${row.id}`}
          color="red"
          label={deleteLabel}
          why={t(`invoices.unavailable.${row.actions.delete.reason ?? 'NOT_NEWEST'}`)}
        >
          <IconTrash size={18} stroke={1.6} />
        </UnavailableAction>
      )}
    </Group>
  );
}

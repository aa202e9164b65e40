import { useDeferredValue, useState } from 'react';
import { Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { InvoiceListRow } from '@faktura/shared';
import { currentLanguage } from '../../../lib/i18n';
import { SendEmailDialog, type SendEmailTarget } from '../../email';
import { PrintPreviewDialog } from '../../print';
import { amountStyle, InvoiceNumberText, StateCell } from './cells';
import { formatAmount, formatDay } from './format';
import { InvoiceCards } from './InvoiceCards';
import { InvoiceRowActions, type RowHandlers } from './InvoiceRowActions';
import { UnavailableHints } from './UnavailableAction';
import { RecordTable } from '../../../components/RecordTable';
import { lazyDialog, openWhileInvoiceId } from '../../../components/lazy';

// Loaded the first time one opens, not with the list (so is the print preview: PrintPreviewDialog).
const CreditNoteModal = lazyDialog(
  () => import('../credit/CreditNoteModal').then((m) => m.CreditNoteModal),
  openWhileInvoiceId(),
);

/**
 * Rows in the list's first paint: more than a screen shows (about 13 on a laptop; 4 cards on a
 * phone, some 130 px each). Each row is some twenty components with six buttons (a card some 110); building
 * all 50 before the first paint kept the whole page blank for it, and the first page's rows are
 * usually in before that paint (the boot script asks for them early). The rest follow at once in a
 * background render.
 */
export const FIRST_PAINT_ROWS = { table: 15, cards: 6 } as const;

interface InvoiceTableProps {
  rows: InvoiceListRow[];
  onDelete: (row: InvoiceListRow) => void;
}

/**
 * The invoice list's table: number, client, date, state, amount, then preview, edit and delete; on a
 * phone the same rows as cards.
 */
export function InvoiceTable({ rows: allRows, onDelete }: InvoiceTableProps) {
  const { t } = useTranslation();
  // A phone shows cards: the table's columns need about 720 px.
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false }) ?? false;
  // React's deferred value with an initial one: the first render shows a screenful, the next (in the
  // background, interruptible) all rows; later changes (another page) also render in the background.
  const rows = useDeferredValue(allRows, allRows.slice(0, FIRST_PAINT_ROWS[phone ? 'cards' : 'table']));
  const language = currentLanguage();
  // One preview dialog for the whole table, opened for the row whose printer was clicked.
  const [previewId, setPreviewId] = useState<number | null>(null);
  // Likewise one credit note dialog, for the issued invoice whose button was clicked.
  const [creditId, setCreditId] = useState<number | null>(null);
  // And one e-mail dialog, for the issued invoice whose envelope was clicked.
  const [emailTarget, setEmailTarget] = useState<SendEmailTarget | null>(null);
  const on: RowHandlers = {
    preview: (row) => setPreviewId(row.id),
    creditNote: (row) => setCreditId(row.id),
    email: (row) =>
      setEmailTarget({ invoiceId: row.id, number: row.invoiceNumber ?? '', kind: 'invoice', documentType: row.documentType }),
    delete: onDelete,
  };
  return (
    <UnavailableHints>
      {phone ? (
        <InvoiceCards rows={rows} on={on} />
      ) : (
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
                {formatAmount(row, language)}
              </Table.Td>
              <Table.Td>
                <InvoiceRowActions row={row} on={on} />
              </Table.Td>
            </Table.Tr>
          ))}
        </RecordTable>
      )}
      <PrintPreviewDialog invoiceId={previewId} onClose={() => setPreviewId(null)} />
      <CreditNoteModal invoiceId={creditId} onClose={() => setCreditId(null)} />
      <SendEmailDialog target={emailTarget} onClose={() => setEmailTarget(null)} />
    </UnavailableHints>
  );
}

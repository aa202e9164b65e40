import type { CatalogueOf } from '../types';
import type { audit as hr } from '../hr/audit';

/** English texts of the audit trail: the History section of an invoice and of a credit note. */
export const audit: CatalogueOf<typeof hr> = {
  history: {
    title: 'History',
    table: "The invoice's history of changes",
    empty: 'Nothing recorded yet.',
    loadFailed: 'The history could not be loaded',
    columns: { at: 'Time', operator: 'Operator', action: 'Action', details: 'Details' },
    yes: 'yes',
    no: 'no',
    system: 'System',
    actions: {
      invoiceIssued: 'Issued',
      invoiceAmended: 'Amended',
      invoiceCleared: 'Marked as paid',
      invoiceUncleared: 'Payment undone',
      invoiceDeleted: 'Deleted',
      creditNoteIssued: 'Credit note issued',
      einvoiceExported: 'E-invoice downloaded',
      issuerChanged: 'Company details changed',
      numberingChanged: 'Numbering codes changed',
      operatorChanged: 'Operator details changed',
      clientCreated: 'Client added',
      clientChanged: 'Client details changed',
      clientDeleted: 'Client deleted',
      paymentRecorded: 'Payment recorded',
      paymentDeleted: 'Payment deleted',
    },
    details: {
      issued: 'Number {{number}}, {{client}}, {{amount}}',
      cleared: 'Paid on {{date}}',
      uncleared: 'Had been marked paid on {{date}}',
      payment: '{{date}}: {{amount}}, {{method}}',
      paymentCorrection: 'Payment correction, {{date}}: {{amount}}, {{method}}',
      paymentNote: '{{text}}; note: {{note}}',
      creditNote: 'Credit note {{number}} for invoice {{credited}} ({{amount}}): {{reason}}',
      deleted: 'Deleted document {{number}}',
      deletedDraft: 'Deleted a draft',
      exported: 'UBL 2.1, PDF in {{language}}',
      change: '{{field}}: {{from}} → {{to}}',
      empty: '(empty)',
    },
    languages: { hr: 'Croatian', en: 'English' },
  },
};

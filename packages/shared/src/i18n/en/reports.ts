import type { CatalogueOf } from '../types';
import type { reports as hr } from '../hr/reports';

/** English texts of the Reports screens (issue 28); the CSV itself is always Croatian. */
export const reports: CatalogueOf<typeof hr> = {
  reports: {
    title: 'Reports',
    intro: 'Reports built from the recorded payments and invoices.',
    open: 'Open',
    list: {
      payments: {
        title: 'Payments to report',
        description: 'Payments received in a month, reported to the Tax Administration by the 20th of the next month.',
      },
      kpr: {
        title: 'Sales ledger (KPR)',
        description: 'For a paušalni obrt: every payment received in the year, cash and non-cash, with monthly and quarterly sums.',
      },
      posd: {
        title: 'PO-SD: receipts by quarter',
        description: 'For a paušalni obrt: the receipts from the sales ledger for the flat-rate income report, with its deadline.',
      },
    },
    payments: {
      title: 'Payments to report',
      heading: 'Payments to report to the Tax Administration',
      month: 'Month',
      nextYear: 'Next year',
      previousYear: 'Previous year',
      nextDecade: 'Next decade',
      previousDecade: 'Previous decade',
      chooseYear: 'Choose a year',
      monthOf: 'Payments received in {{month}}',
      deadline: 'Reporting deadline: {{date}}',
      manual:
        'Until Faktura sends these reports itself, enter these payments by hand in the Tax Administration’s FiskAplikacija (ePorezna) by the deadline.',
      scope:
        'It covers payments of invoices to Croatian businesses with an OIB (e-invoice or paper/PDF invoice); payments from foreign clients and private persons are not reported.',
      empty: 'No payments to report in this month.',
      loadFailed: 'The report could not be loaded',
      csv: 'Download CSV',
      pdf: 'Print (PDF)',
      downloadFailed: 'The file could not be downloaded',
      table: 'Payments to report in the month',
      columns: {
        invoiceNumber: 'Invoice number',
        issueDate: 'Date of issue',
        issuerOib: 'Issuer OIB',
        recipientOib: 'Recipient OIB',
        recipient: 'Recipient',
        paidOn: 'Date paid',
        amount: 'Amount paid',
        currency: 'Currency',
        method: 'Method',
        code: 'Code',
        correction: 'Correction of',
        reported: 'Reported',
        paymentId: 'Payment id',
      },
      correctionOf: 'correction of payment {{id}}',
      yes: 'yes',
      no: 'no',
      totals: 'Total',
      count_one: '{{count}} payment',
      count_few: '{{count}} payments',
      count_other: '{{count}} payments',
      unreported: 'Not reported: {{number}}',
      methods: { TRANSFER: 'bank transfer', CASH: 'cash', CARD: 'card', SETOFF: 'set-off', OTHER: 'other' },
      codes: { T: 'T – bank transfer', O: 'O – set-off', Z: 'Z – other' },
      printed: 'Printed {{date}}',
      page: 'Page {{page}}',
    },
  },
};

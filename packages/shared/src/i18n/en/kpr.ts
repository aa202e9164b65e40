import type { CatalogueOf } from '../types';
import type { kpr as hr } from '../hr/kpr';

/** English texts of the KPR and PO-SD screens (the form itself stays Croatian, decision 029). */
export const kpr: CatalogueOf<typeof hr> = {
  kpr: {
    title: 'Sales ledger (KPR)',
    intro: 'The KPR form of a paušalni obrt (flat-rate taxed craft): every payment received in the year, in order, in cash (and card) or non-cash. Built from the payments recorded on invoices.',
    year: 'Year',
    notFlatRate:
      'The sales ledger (KPR) is kept by a paušalni obrt (flat-rate taxed craft): every invoice paid goes into it, and PO-SD is filed from it by 15 January. Settings do not say the issuer is a paušalni obrt; VAT payers and crafts that keep full books keep other books.',
    openSettings: 'Open settings',
    empty: 'No payments were recorded in {{year}}.',
    downloadCsv: 'Download CSV',
    downloadPdf: 'Download PDF',
    downloadFailed: 'The file could not be downloaded',
    toPosd: 'PO-SD for {{year}}',
    toKpr: 'Sales ledger for {{year}}',
    columns: {
      no: 'No.',
      date: 'Date',
      invoice: 'Invoice number',
      cash: 'Received in cash / by card',
      nonCash: 'Received non-cash (bank account)',
      total: 'Total',
    },
    monthTotal: 'Total {{month}}',
    quarterTotal: 'Total Q{{quarter}}',
    yearTotal: 'Total {{year}}',
    foreign: '{{amount}} at the invoice’s rate',
    correction: 'correction',
    settingsLink: 'Sales ledger (KPR) and PO-SD',
    flatRateHelp:
      'A paušalni obrt pays income tax at a flat rate, is outside the VAT system, keeps the sales ledger (KPR) and files PO-SD by 15 January. Faktura builds both from the payments recorded.',
  },
  posd: {
    title: 'PO-SD: receipts per quarter',
    intro: 'Receipts for the flat-rate income report (form PO-SD), per quarter from the sales ledger. The flat-rate tax and surtax paid you enter yourself: Faktura does not keep them.',
    deadline: 'Filing deadline: {{date}}',
    deadlineHelp: 'PO-SD is filed at the latest 15 days after the year ends, through ePorezna or at a Tax Administration office.',
    quarter: 'Period',
    quarterName: 'Q{{quarter}}',
    cash: 'In cash / by card',
    nonCash: 'Non-cash',
    total: 'Total receipts',
    yearTotal: 'Total {{year}}',
  },
};

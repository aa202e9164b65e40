/**
 * Croatian texts of the Reports screens (issue 28): the hub and the month's payment report, whose
 * PDF uses `reports.payments` too. The KPR and PO-SD add their own entries beside `payments`.
 */
export const reports = {
  reports: {
    title: 'Izvješća',
    intro: 'Izvješća sastavljena iz zabilježenih plaćanja i računa.',
    open: 'Otvori',
    list: {
      payments: {
        title: 'Naplate za prijavu',
        description: 'Plaćanja primljena u mjesecu koja se prijavljuju Poreznoj upravi do 20. u sljedećem mjesecu.',
      },
      kpr: {
        title: 'Knjiga prometa (KPR)',
        description: 'Za paušalni obrt: svaka naplata u godini, u gotovini i bezgotovinski, sa zbrojevima po mjesecima i tromjesečjima.',
      },
      posd: {
        title: 'PO-SD: primici po tromjesečjima',
        description: 'Za paušalni obrt: primici iz knjige prometa za Izvješće o paušalnom dohotku, s rokom predaje.',
      },
    },
    payments: {
      title: 'Naplate za prijavu',
      heading: 'Naplate za prijavu Poreznoj upravi',
      month: 'Mjesec',
      nextYear: 'Sljedeća godina',
      previousYear: 'Prethodna godina',
      nextDecade: 'Sljedeće desetljeće',
      previousDecade: 'Prethodno desetljeće',
      chooseYear: 'Odaberi godinu',
      monthOf: 'Naplate u mjesecu {{month}}',
      deadline: 'Rok za prijavu: {{date}}',
      manual:
        'Dok Faktura ne šalje prijave sama, ove naplate unesite ručno u FiskAplikaciju Porezne uprave (ePorezna) do navedenog roka.',
      scope:
        'Obuhvaćena su plaćanja računa hrvatskim poslovnim subjektima s OIB-om (eRačun ili račun na papiru/PDF-u); plaćanja stranih klijenata i fizičkih osoba se ne prijavljuju.',
      empty: 'U ovom mjesecu nema naplata za prijavu.',
      loadFailed: 'Izvješće nije moguće učitati',
      csv: 'Preuzmi CSV',
      pdf: 'Ispis (PDF)',
      downloadFailed: 'Datoteku nije moguće preuzeti',
      table: 'Naplate za prijavu u mjesecu',
      columns: {
        invoiceNumber: 'Broj računa',
        issueDate: 'Datum izdavanja',
        issuerOib: 'OIB izdavatelja',
        recipientOib: 'OIB primatelja',
        recipient: 'Primatelj',
        paidOn: 'Datum naplate',
        amount: 'Naplaćeni iznos',
        currency: 'Valuta',
        method: 'Način plaćanja',
        code: 'Oznaka',
        correction: 'Ispravak plaćanja',
        reported: 'Prijavljeno',
        paymentId: 'Id plaćanja',
      },
      correctionOf: 'ispravak plaćanja {{id}}',
      yes: 'da',
      no: 'ne',
      totals: 'Ukupno',
      count_one: '{{count}} naplata',
      count_few: '{{count}} naplate',
      count_other: '{{count}} naplata',
      unreported: 'Neprijavljeno: {{number}}',
      methods: { TRANSFER: 'transakcijski račun', CASH: 'gotovina', CARD: 'kartica', SETOFF: 'obračunsko plaćanje', OTHER: 'ostalo' },
      codes: { T: 'T – transakcijski račun', O: 'O – obračunsko plaćanje', Z: 'Z – ostalo' },
      printed: 'Ispisano {{date}}',
      page: 'Stranica {{page}}',
    },
  },
} as const;

/** Rejecting a received e-invoice and its report by the 20th (issue 47, decision 040). */
export const inboxReject = {
  inboxReject: {
    title: 'Odbijanje',
    reject: 'Odbij',
    notRejected: 'Račun nije odbijen. Odbijanjem izjavljujete da nećete koristiti pretporez s ovog računa; odbijanje se prijavljuje Poreznoj upravi do 20. u sljedećem mjesecu.',
    rejectedOn: 'Odbijen {{date}} ({{operator}})',
    type: 'Vrsta razloga',
    reason: 'Razlog',
    wasPaid: 'Na računu su bila zabilježena plaćanja kad je odbijen.',
    types: {
      N: 'Nepodudarnost koja ne utječe na porez',
      U: 'Nepodudarnost koja utječe na porez',
      O: 'Ostalo',
    },
    typeHints: {
      N: 'Nešto na računu nije točno (npr. adresa, broj narudžbe, rok plaćanja), ali iznos poreza nije pogrešan.',
      U: 'Pogrešan je iznos, stopa PDV-a ili osnovica, pa je porez na računu netočan.',
      O: 'Bilo koji drugi razlog, npr. roba nije naručena ni isporučena.',
    },
    report: {
      PENDING: 'Čeka prijavu Poreznoj upravi (rok {{deadline}})',
      REPORTED: 'Prijavljeno Poreznoj upravi {{at}}',
      FAILED: 'Porezna uprava odbila je prijavu: {{code}} {{reason}}',
      BY_INTERMEDIARY: 'Prijavljuje posrednik (rok {{deadline}})',
      NOT_REQUIRED: 'Nema prijave: dobavljač ima sjedište u inozemstvu i nema hrvatski OIB pa njegov račun nije hrvatski eRačun',
      NONE: 'Faktura ne fiskalizira: prijavite odbijanje sami, npr. u FiskAplikaciji, do {{deadline}}',
      lastAttempt: 'Zadnji pokušaj nije uspio ({{code}}): {{reason}}. Faktura šalje ponovno.',
      alreadyRecorded: 'Porezna uprava već je imala zabilježeno ovo odbijanje ({{code}}).',
      waitingForReceipt: 'Prijava čeka da račun bude fiskaliziran kao primljen.',
    },
    dialog: {
      title: 'Odbij račun {{number}}',
      intro: 'Račun {{number}} dobavljača {{supplier}} bit će odbijen danas. Račun se odbija samo jednom i to se ne može poništiti.',
      reasonPlaceholder: 'Npr. obračunat PDV 25 % umjesto 13 %',
      counter: '{{used}} / {{max}}',
      paidWarning: 'Na računu su zabilježena plaćanja ({{paid}}). Plaćanja ostaju zabilježena.',
      confirmPaid: 'Razumijem, ipak odbij plaćeni račun',
      submit: 'Odbij račun',
      rejected: 'Račun {{number}} je odbijen',
      reasonRequired: 'Upišite razlog',
    },
  },
} as const;

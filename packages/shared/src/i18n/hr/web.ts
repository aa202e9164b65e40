/** Croatian texts used only by the web app's screens. */
export const web = {
  app: {
    close: 'Zatvori prozor',
    calendar: {
      nextMonth: 'Sljedeći mjesec',
      previousMonth: 'Prethodni mjesec',
      nextYear: 'Sljedeća godina',
      previousYear: 'Prethodna godina',
      nextDecade: 'Sljedeće desetljeće',
      previousDecade: 'Prethodno desetljeće',
    },
    name: 'Faktura',
    documentTitle: '{{page}} · Faktura',
    comingSoon: 'Ovaj dio aplikacije stiže uskoro.',
  },
  language: {
    label: 'Jezik',
    hr: 'Hrvatski',
    en: 'English',
  },
  login: {
    title: 'Prijava',
    intro: 'Prijavite se za nastavak.',
    submit: 'Prijava',
  },
  nav: {
    label: 'Glavna navigacija',
    toggle: 'Prikaži ili sakrij navigaciju',
    dashboard: 'Nadzorna ploča',
    invoices: 'Računi',
    clients: 'Klijenti',
    addresses: 'Adrese',
    settings: 'Postavke',
  },
  user: {
    menu: 'Korisnički izbornik',
    logout: 'Odjava',
  },
  pages: {
    dashboard: 'Nadzorna ploča',
    submitted: 'Nadzorna ploča > Izdani računi',
    invoices: 'Računi',
    newInvoice: 'Računi > Novi račun',
    editInvoice: 'Računi > Uredi račun',
    clients: 'Klijenti',
    addresses: 'Adrese',
    settings: 'Postavke',
    joppd: 'JOPPD broj',
  },
  screenLoad: {
    title: 'Ovaj zaslon nije moguće prikazati',
    connection: 'Dio aplikacije potreban za ovaj zaslon nije stigao. Provjerite vezu s internetom i pokušajte ponovno.',
    unexpected: 'Na ovom zaslonu dogodila se neočekivana greška. Pokušajte ponovno ili ponovno učitajte stranicu.',
    retry: 'Pokušaj ponovno',
    reload: 'Ponovno učitaj stranicu',
    dialog: 'Prozor nije moguće otvoriti: dio aplikacije koji mu treba nije stigao. Provjerite vezu s internetom i pokušajte ponovno.',
  },
  notFound: {
    title: 'Stranica nije pronađena',
    body: 'Adresa koju ste otvorili ne postoji ili je premještena.',
    home: 'Natrag na nadzornu ploču',
  },
  notify: {
    success: 'Uspjeh',
    error: 'Greška',
    close: 'Zatvori obavijest',
  },
};

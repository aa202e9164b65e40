/** Croatian texts of the print preview dialog (its buttons and states; the invoice itself uses print.*). */
export const preview = {
  preview: {
    open: 'Pregled i ispis',
    title: 'Pregled računa',
    titleNumber: 'Pregled računa {{number}}',
    titleCreditNote: 'Pregled odobrenja {{number}}',
    titleDraft: 'Pregled nacrta računa',
    language: 'Jezik računa',
    languages: { hr: 'Hrvatski', en: 'Engleski' },
    print: 'Ispiši',
    download: 'Preuzmi PDF',
    downloadFailed: 'PDF nije preuzet',
    downloadXml: 'Preuzmi e-račun (XML)',
    downloadXmlFailed: 'E-račun nije preuzet',
    close: 'Zatvori pregled',
    loading: 'Učitavanje računa…',
    loadFailed: 'Račun se ne može prikazati',
    retry: 'Pokušaj ponovno',
    sheet: {
      lines: 'Stavke računa',
    },
  },
};

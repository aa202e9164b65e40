/** Croatian texts of the Settings screens (issuer profile, account, line items, POS) and JOPPD. */
export const settings = {
  settings: { title: 'Postavke' },
  lineItems: { title: 'Stavke' },
  joppd: { title: 'JOPPD broj' },
};

import { catalogues, countryName, type Language, type PrintView } from '@faktura/shared';
import { demoIssuerInput } from '@faktura/shared/samples';

/** A 1×1 PNG: the tests need a real data URL, not a real payment code. */
export const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The print labels as the server sends them: the print catalogue flattened to "columns.name" keys. */
export function labels(language: Language): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (node: object, prefix: string) => {
    for (const [key, value] of Object.entries(node))
      if (typeof value === 'string') out[prefix + key] = value;
      else walk(value as object, `${prefix}${key}.`);
  };
  walk(catalogues[language].print, '');
  return out;
}

/** The shared issuer as the printout names it, with the demo's footer. */
const issuer = demoIssuerInput();
const SENDER: PrintView['sender'] = {
  title: issuer.name,
  address1: issuer.address.address1,
  zip: issuer.address.zip,
  city: issuer.address.city,
  country: countryName(issuer.address.countryCode, 'hr'),
  email: issuer.email,
  pin: issuer.oib,
  vatNumber: `HR${issuer.oib}`,
  phone: issuer.phone,
};

const FOOTER = issuer.footerText;

/** Invoice 1/POSL1/1 to a client in Split, as the demo server answers it (HUB-3 code, VAT, a discount). */
export const HR_VIEW: PrintView = {
  language: 'hr',
  languageSwitchable: false,
  draft: false,
  documentType: 'INVOICE',
  labels: labels('hr'),
  client: {
    title: 'Jadranski Softver d.o.o.',
    pin: '33914072203',
    vatNumber: 'HR33914072203',
    address1: 'Obala kneza Branimira 12',
    address2: null,
    zip: '21000',
    city: 'Split',
    state: 'Splitsko-dalmatinska',
    country: 'Hrvatska',
    countryCode: 'HR',
    kind: 'BUSINESS',
  },
  commonData: {
    invoiceNumber: '1/POSL1/1',
    extraInfo: 'INT-42',
    createDate: '20. 11. 2026.',
    deliveryDate: '31. 10. 2026.',
    servicePeriod: '1.\u00a010.\u00a02026. – 31.\u00a010.\u00a02026.',
    paymentDueDate: '05. 12. 2026.',
    printName: 'RAČUN',
    type: 'Račun',
    footer: FOOTER,
    issueDateTime: '20. 11. 2026. 10:15',
    placeOfIssue: 'Zagreb',
    creditNote: null,
  },
  sender: SENDER,
  paymentData: {
    paymentMethod: 'Transakcijski račun',
    iban: 'HR6023600001101234567',
    swift: 'ZABAHR2X',
    referenceNumber: 'HR00 1-2026',
  },
  operator: { stationNumber: 'POSL1/1', name: 'Ana Anić', premisesCode: 'POSL1', deviceCode: '1' },
  content: {
    lineItems: [
      {
        name: 'Razvoj softvera',
        quantity: '12,5',
        lineItemUnit: 'h',
        unitPrice: '45,00 €',
        discount: null,
        vatRate: '25 %',
        linePrice: '562,50 €',
      },
      {
        name: 'Savjetovanje',
        quantity: '3',
        lineItemUnit: 'h',
        unitPrice: '60,00 €',
        discount: '10 %',
        vatRate: '25 %',
        linePrice: '162,00 €',
      },
    ],
    columnTitles: ['Opis', 'Količina', 'Jed.', 'Cijena', 'Popust', 'PDV', 'Iznos'],
    subtotal: '724,50 €',
    taxLines: [{ label: 'PDV 25 %', amount: '181,13 €' }],
    vatBreakdown: [{ rate: '25 %', base: '724,50 €', vat: '181,13 €' }],
    tax: '181,13 €',
    total: '905,63 €',
    primaryCurrencyCode: 'EUR',
    totalPrimary: '905,63 €',
    totalSecondary: null,
    euroFxRate: null,
    invoiceCurrency: 'EUR',
    footnotes: [
      'Plaćanje u roku od 15 dana od datuma računa, najkasnije 05. 12. 2026.',
      'Hvala na povjerenju!',
    ],
  },
  barcodeUrl: PNG,
  barcodeKind: 'HUB3',
};

const DE_CLIENT: PrintView['client'] = {
  title: 'Nordlicht Digital GmbH',
  pin: 'DE811907980',
  vatNumber: 'DE811907980',
  address1: 'Friedrichstraße 100',
  address2: null,
  zip: '10117',
  city: 'Berlin',
  state: 'Berlin',
  country: 'Njemačka',
  countryCode: 'DE',
  kind: 'BUSINESS',
};

/** Invoice 2/POSL1/1 to a German client (reverse charge, EPC QR), in Croatian. */
export const DE_VIEW_HR: PrintView = {
  ...HR_VIEW,
  languageSwitchable: true,
  client: DE_CLIENT,
  commonData: { ...HR_VIEW.commonData, invoiceNumber: '2/POSL1/1', extraInfo: null },
  paymentData: { ...HR_VIEW.paymentData, referenceNumber: 'HR00 2-2026' },
  content: {
    ...HR_VIEW.content,
    lineItems: [
      {
        name: 'Razvoj softvera',
        quantity: '40',
        lineItemUnit: 'h',
        unitPrice: '45,00 €',
        discount: null,
        vatRate: null,
        linePrice: '1.800,00 €',
      },
    ],
    subtotal: '1.800,00 €',
    taxLines: [],
    vatBreakdown: [{ rate: '0 % · Reverse charge', base: '1.800,00 €', vat: '0,00 €' }],
    tax: '0,00 €',
    total: '1.800,00 €',
    totalPrimary: '1.800,00 €',
    footnotes: ['Prijenos porezne obveze – PDV nije obračunat.', 'Hvala na povjerenju!'],
  },
  barcodeKind: 'EPC',
};

/** The same invoice in English, as `?lang=en` answers it. */
export const DE_VIEW_EN: PrintView = {
  ...DE_VIEW_HR,
  language: 'en',
  labels: labels('en'),
  client: { ...DE_CLIENT, country: 'Germany' },
  sender: { ...SENDER, country: 'Croatia' },
  commonData: {
    ...DE_VIEW_HR.commonData,
    createDate: '20 Nov 2026',
    deliveryDate: '21 Nov 2026',
    paymentDueDate: '5 Dec 2026',
    printName: 'INVOICE',
    type: 'Invoice',
  },
  paymentData: { ...DE_VIEW_HR.paymentData, paymentMethod: 'Bank transfer' },
  content: {
    ...DE_VIEW_HR.content,
    lineItems: [
      {
        name: 'Software development',
        quantity: '40',
        lineItemUnit: 'h',
        unitPrice: '€45.00',
        discount: null,
        vatRate: null,
        linePrice: '€1,800.00',
      },
    ],
    columnTitles: ['Description', 'Quantity', 'Unit', 'Price', 'Discount', 'VAT', 'Amount'],
    subtotal: '€1,800.00',
    total: '€1,800.00',
    totalPrimary: '€1,800.00',
    footnotes: ['Reverse charge – VAT to be accounted for by the recipient.', 'Hvala na povjerenju!'],
  },
};

/** Invoice 3/POSL1/1 in US dollars: a euro total and the rate beside the dollar total, no VAT column. */
export const USD_VIEW: PrintView = {
  ...DE_VIEW_HR,
  client: {
    ...DE_CLIENT,
    title: 'Bluewater Analytics LLC',
    pin: '84-1234567',
    vatNumber: '84-1234567',
    address1: '500 Market Street',
    address2: 'Suite 300',
    zip: '94105',
    city: 'San Francisco',
    state: 'CA',
    country: 'Sjedinjene Američke Države',
    countryCode: 'US',
  },
  commonData: { ...DE_VIEW_HR.commonData, invoiceNumber: '3/POSL1/1' },
  content: {
    ...DE_VIEW_HR.content,
    lineItems: [
      {
        name: 'Revizija koda',
        quantity: '1',
        lineItemUnit: 'kom',
        unitPrice: '1.200,00 USD',
        discount: null,
        vatRate: null,
        linePrice: '1.200,00 USD',
      },
    ],
    subtotal: '1.200,00 USD',
    tax: '0,00 USD',
    total: '1.200,00 USD',
    primaryCurrencyCode: 'USD',
    totalPrimary: '1.200,00 USD',
    totalSecondary: '1.111,11 €',
    euroFxRate: 'Tečaj: 1 EUR = 1,08 USD',
    invoiceCurrency: 'USD',
  },
};

/** A draft for a client in Osijek: no number, no reference, no payment code, no billing device. */
export const DRAFT_VIEW: PrintView = {
  ...HR_VIEW,
  draft: true,
  commonData: { ...HR_VIEW.commonData, invoiceNumber: null, extraInfo: null },
  paymentData: { ...HR_VIEW.paymentData, referenceNumber: null },
  operator: { stationNumber: '', name: 'Ana Anić', premisesCode: null, deviceCode: null },
  barcodeUrl: undefined,
  barcodeKind: undefined,
};

const CONSUMER: PrintView['client'] = {
  kind: 'CONSUMER',
  title: 'Marko Marić',
  pin: null,
  vatNumber: null,
  address1: 'Vukovarska 7',
  address2: null,
  zip: '51000',
  city: 'Rijeka',
  state: null,
  country: 'Hrvatska',
  countryCode: 'HR',
};

/** Invoice 5/POSL1/1 to a private person, fiscalized (decision 031): ZKI, JIR and the check page's QR code. */
export const FISCAL_VIEW: PrintView = {
  ...HR_VIEW,
  client: CONSUMER,
  commonData: { ...HR_VIEW.commonData, invoiceNumber: '5/POSL1/1', extraInfo: null },
  paymentData: { ...HR_VIEW.paymentData, referenceNumber: 'HR00 5-2026' },
  fiscal: {
    issuedAt: '20. 11. 2026. 10:15',
    operatorLabel: 'Ana Anić',
    zki: 'e4d909c290d0fb1ca068ffaddf22cbd0',
    jir: '6f1c2a7e-0b8d-4c1e-9f3a-5d2b7c8e9a10',
    jirText: '6f1c2a7e-0b8d-4c1e-9f3a-5d2b7c8e9a10',
    verificationUrl: 'https://porezna.gov.hr/rn?jir=6f1c2a7e-0b8d-4c1e-9f3a-5d2b7c8e9a10&datv=20261120_1015&izn=90563',
    qrUrl: PNG,
    qrSizeMm: 24.85,
  },
  notFiscalized: null,
};

/** The same kind of invoice to a private person abroad, paid by card, in English, its JIR still to come. */
export const FISCAL_VIEW_EN: PrintView = {
  ...DE_VIEW_EN,
  client: { ...DE_CLIENT, title: 'Anna Schmidt', pin: null, vatNumber: null, country: 'Germany' },
  paymentData: { ...DE_VIEW_EN.paymentData, paymentMethod: 'Card' },
  fiscal: {
    issuedAt: '20 Nov 2026 10:15',
    operatorLabel: 'Ana Anić',
    zki: 'e4d909c290d0fb1ca068ffaddf22cbd0',
    jir: null,
    jirText: 'late delivery in progress',
    verificationUrl: 'https://porezna.gov.hr/rn?zki=e4d909c290d0fb1ca068ffaddf22cbd0&datv=20261120_1015&izn=180000',
    qrUrl: PNG,
    qrSizeMm: 24.85,
  },
  notFiscalized: null,
};

/** A draft to a private person: not a fiscalized invoice, and it says so (ZoF čl. 29). */
export const CONSUMER_DRAFT_VIEW: PrintView = {
  ...DRAFT_VIEW,
  client: CONSUMER,
  fiscal: null,
  notFiscalized: catalogues.hr.print.fiscal.notFiscalized,
};

/** The same draft for a private person abroad, in English: the law's Croatian words and the translation. */
export const CONSUMER_DRAFT_VIEW_EN: PrintView = {
  ...DE_VIEW_EN,
  draft: true,
  client: { ...DE_CLIENT, title: 'Anna Schmidt', pin: null, vatNumber: null, country: 'Germany' },
  commonData: { ...DE_VIEW_EN.commonData, invoiceNumber: null },
  paymentData: { ...DE_VIEW_EN.paymentData, referenceNumber: null },
  barcodeUrl: undefined,
  barcodeKind: undefined,
  fiscal: null,
  notFiscalized: catalogues.en.print.fiscal.notFiscalized,
};

import { z } from 'zod';
import { envelope } from './common';
import { clientKindSchema } from './company';

/**
 * What a fiscalized invoice prints of its fiscalization (`RacunZahtjev`, ZoF čl. 7, TS-F1; decision
 * 031): an invoice to a private person, or paid in cash or by card, once it has its ZKI.
 */
export const printFiscalSchema = z.object({
  /** The moment the ZKI was computed from, Zagreb time to the minute: "2. 3. 2026. 09:15". */
  issuedAt: z.string(),
  /** Who issued it, as the invoice names the operator (the name frozen at issue). */
  operatorLabel: z.string(),
  /** The issuer's protective code: 32 lower-case hex digits. */
  zki: z.string(),
  /** The JIR the Tax Administration answered; null while it waits for one (late delivery). */
  jir: z.string().nullable(),
  /** What the JIR line shows: the JIR, or (in the invoice's language) that it is still to come. */
  jirText: z.string(),
  /** The check page's link the QR code holds (`https://porezna.gov.hr/rn?jir=…&datv=…&izn=…`). */
  verificationUrl: z.string(),
  /** The QR code as a PNG data URL, its white quiet zone included. */
  qrUrl: z.string(),
  /** How wide (and high) to draw `qrUrl`, in millimetres: the symbol itself is then 2 × 2 cm. */
  qrSizeMm: z.number(),
});
export type PrintFiscal = z.infer<typeof printFiscalSchema>;

/** What the print preview, the PDF and any other client render: every text already in its language. */
export const printViewSchema = z.object({
  language: z.enum(['hr', 'en']),
  /** Whether the viewer may switch language (only for clients outside Croatia). */
  languageSwitchable: z.boolean(),
  draft: z.boolean(),
  /** An invoice or a credit note (odobrenje), which names the invoice it corrects. */
  documentType: z.enum(['INVOICE', 'CREDIT_NOTE', 'ADVANCE']),
  labels: z.record(z.string(), z.string()),
  client: z.object({
    title: z.string(),
    pin: z.string().nullable(),
    vatNumber: z.string().nullable(),
    address1: z.string(),
    address2: z.string().nullable(),
    zip: z.string(),
    city: z.string(),
    state: z.string().nullable(),
    country: z.string(),
    countryCode: z.string(),
    /** A business, or a private person (decision 031: no VAT number, never an e-invoice). */
    kind: clientKindSchema,
  }),
  commonData: z.object({
    invoiceNumber: z.string().nullable(),
    extraInfo: z.string().nullable(),
    createDate: z.string(),
    /** BT-72, the date of supply. */
    deliveryDate: z.string(),
    /** BT-73/74, the period of supply ("1. 10. 2026. – 31. 10. 2026."), null when none. */
    servicePeriod: z.string().nullable(),
    paymentDueDate: z.string(),
    printName: z.string(),
    type: z.string(),
    footer: z.string().nullable(),
    /**
     * Date and time of issue (Zagreb local time), null for a draft (its `createDate` says it is dated
     * when issued). Renderers show it in place of `createDate` when both name the same day.
     */
    issueDateTime: z.string().nullable(),
    /** Where the invoice was issued: the city of the issuer's business premises. */
    placeOfIssue: z.string().nullable(),
    /** A credit note: "za račun br. 5/POSL1/1 od 2. 3. 2026." and the reason. */
    creditNote: z.object({ forInvoice: z.string(), reason: z.string() }).nullable(),
  }),
  sender: z.object({
    title: z.string(),
    address1: z.string(),
    zip: z.string(),
    city: z.string(),
    country: z.string(),
    email: z.string().nullable(),
    pin: z.string(),
    vatNumber: z.string(),
    phone: z.string().nullable(),
  }),
  paymentData: z.object({
    paymentMethod: z.string(),
    iban: z.string().nullable(),
    swift: z.string().nullable(),
    referenceNumber: z.string().nullable(),
  }),
  operator: z.object({
    stationNumber: z.string(),
    name: z.string(),
    premisesCode: z.string().nullable(),
    deviceCode: z.string().nullable(),
  }),
  content: z.object({
    lineItems: z.array(
      z.object({
        name: z.string(),
        quantity: z.string(),
        lineItemUnit: z.string(),
        unitPrice: z.string(),
        discount: z.string().nullable(),
        vatRate: z.string().nullable(),
        linePrice: z.string(),
      }),
    ),
    columnTitles: z.array(z.string()),
    subtotal: z.string(),
    taxLines: z.array(z.object({ label: z.string(), amount: z.string() })),
    /** The taxable amount and VAT per rate (VAT Act art. 79), with the 0 % category named. */
    vatBreakdown: z.array(z.object({ rate: z.string(), base: z.string(), vat: z.string() })),
    tax: z.string(),
    total: z.string(),
    primaryCurrencyCode: z.string(),
    totalPrimary: z.string(),
    totalSecondary: z.string().nullable(),
    euroFxRate: z.string().nullable(),
    invoiceCurrency: z.string(),
    footnotes: z.array(z.string()),
    /**
     * A final invoice (issue 48): the advances it deducts, each with its number, date and base and VAT per
     * rate, their sum and what remains to pay. Absent on every other document.
     */
    advances: z
      .object({
        title: z.string(),
        columnTitles: z.array(z.string()),
        rows: z.array(z.object({ number: z.string(), date: z.string(), rate: z.string(), base: z.string(), vat: z.string(), total: z.string() })),
        prepaidLabel: z.string(),
        prepaid: z.string(),
        remainingLabel: z.string(),
        remaining: z.string(),
      })
      .optional(),
  }),
  /** The payment code as a PNG data URL (HUB-3A PDF417 or EPC QR); absent when none applies. */
  barcodeUrl: z.string().optional(),
  barcodeKind: z.enum(['HUB3', 'EPC']).optional(),
  /**
   * A fiscalized invoice's ZKI, JIR and QR code (decision 031); null (or absent, from an older server)
   * for every other document.
   */
  fiscal: printFiscalSchema.nullable().optional(),
  /**
   * "OVO NIJE FISKALIZIRANI RAČUN" (ZoF čl. 29; English printouts add the translation): a draft that
   * would be fiscalized once issued shows payment details without being an invoice. Null otherwise.
   */
  notFiscalized: z.string().nullable().optional(),
});
/**
 * The invoice's own date as a printout shows it beside the date and time of issue: not at all when
 * both name the same day (every document issued since decision 026), the date alone otherwise (a
 * draft's "set when issued", or a document dated before it was issued, as the old rules allowed).
 */
export function printedCreateDate(view: Pick<PrintView, 'commonData'>): string | null {
  const { createDate, issueDateTime } = view.commonData;
  return issueDateTime?.startsWith(`${createDate} `) ? null : createDate;
}

export type PrintView = z.infer<typeof printViewSchema>;
export const printViewResponse = envelope(printViewSchema);
export const printLanguageQuerySchema = z.object({ lang: z.enum(['hr', 'en']).optional() });

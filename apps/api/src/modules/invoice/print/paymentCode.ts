import { EU_COUNTRIES, buildEpcPayload, buildHub3Payload, exceedsInvoiceTotal, translate, type Language } from '@faktura/shared';
import { cachedCode } from './barcodes';
import type { ClientData, IssuerData } from './sources';

/** SEPA credit transfers reach the EU, the EEA and these neighbours. */
const SEPA = new Set([...EU_COUNTRIES, 'IS', 'LI', 'NO', 'CH', 'GB', 'MC', 'SM', 'VA', 'AD']);

export interface PaymentCodeInput {
  language: Language;
  invoiceNumber: string;
  totalCents: number;
  currencyCode: string;
  paymentMethod: string;
  model: string;
  reference: string;
  client: ClientData;
  issuer: IssuerData;
}

/**
 * The code a payer scans: HUB-3A (PDF417) for Croatian payers, EPC QR for payers elsewhere in SEPA;
 * only for issued invoices paid by wire in euro to an IBAN. The PNG is rendered once per payload. An
 * invoice stored before the amount limits (decision 011) with a total no payment order can carry prints
 * without a code rather than not at all.
 */
export async function paymentCode(input: PaymentCodeInput): Promise<{ kind: 'HUB3' | 'EPC'; png: Buffer } | undefined> {
  const { client, issuer } = input;
  if (input.paymentMethod !== 'WIRE' || input.currencyCode !== 'EUR' || input.totalCents <= 0 || !issuer.iban) return undefined;
  if (exceedsInvoiceTotal(input.totalCents)) return undefined;
  const description = `${translate(input.language, 'print.type')} ${input.invoiceNumber}`;
  if (client.address.country_code === 'HR') {
    const payload = buildHub3Payload({
      amountCents: input.totalCents,
      payer: { name: client.name, street: client.address.address1, place: `${client.address.zip} ${client.address.city}` },
      recipient: {
        name: issuer.name,
        street: issuer.address?.address1 ?? '',
        place: issuer.address ? `${issuer.address.zip} ${issuer.address.city}` : '',
      },
      iban: issuer.iban,
      model: input.model,
      reference: input.reference,
      description,
    });
    return { kind: 'HUB3', png: await cachedCode('HUB3', payload) };
  }
  if (SEPA.has(client.address.country_code)) {
    const payload = buildEpcPayload({
      bic: issuer.swift,
      name: issuer.name,
      iban: issuer.iban,
      amountCents: input.totalCents,
      remittanceText: `${description} (${input.model} ${input.reference})`,
    });
    return { kind: 'EPC', png: await cachedCode('EPC', payload) };
  }
  return undefined;
}

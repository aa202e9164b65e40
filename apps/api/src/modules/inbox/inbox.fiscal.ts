import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import type { ERacunRecord } from '../fiscalization';
import { amount } from '../invoice';
import { getIssuer } from '../issuer';
import * as repo from './inbox.repository';
import { type ReadDocument, readUbl } from './ubl.reader';

/** The values XSD-F allows for `hrOznakaKategorijaPdv`: any other name the supplier wrote is left out. */
const HR_CATEGORIES = ['HR:PDV25', 'HR:PDV13', 'HR:PDV5', 'HR:Z', 'HR:K', 'HR:G', 'HR:AE', 'HR:E', 'HR:POVNAK', 'HR:PP', 'HR:PPMV', 'HR:O', 'HR:N'];
const VAT_CATEGORIES = ['S', 'O', 'E', 'AE', 'Z', 'K', 'G', 'L', 'M'];

const hrCategory = (name: string | null) => (name && HR_CATEGORIES.includes(name.toUpperCase()) ? name.toUpperCase() : null);
const rate = (value: number | null) => (value === null ? null : Number.isInteger(value * 100) ? value.toFixed(2) : String(value));
const optional = (cents: number) => (cents !== 0 ? amount(cents) : null);
const incomplete = (field: string) => new AppError('inboxFiscalIncomplete', { params: { field } });

/**
 * The supplier's country when it is established abroad with no Croatian OIB: its invoice is not a
 * Croatian e-invoice (ZoF čl. 2, 36: e-invoices between taxpayers established in Croatia) and there
 * is nothing to fiscalize as received; the message itself cannot carry it (the issuer's
 * `oibPorezniBroj` is an OIB, XSD-F `OIBTip`). A Croatian supplier whose OIB is missing is refused
 * (`inboxFiscalIncomplete`) instead: the user asks for a corrected e-invoice.
 */
export function foreignSupplier(read: Pick<ReadDocument, 'supplier'>): string | null {
  const country = read.supplier.address.country?.trim().toUpperCase() ?? null;
  return !read.supplier.oib && country && country !== 'HR' ? country : null;
}

/**
 * The received e-invoice as its fiscalization as received states it (`EvidentirajERacunZahtjev`,
 * `vrstaERacuna` U; decision 038), read again from its original bytes: the supplier is the issuer
 * (its OIB and its operator's, HR-BT-5), we are the recipient; every other value as the supplier's
 * document states it (TS-F2 Table 6 maps each field to its UBL element). What the document lacks and
 * the message needs, or a document addressed to another OIB, is refused with the reason.
 */
export async function receivedRecord(db: Db, id: number): Promise<ERacunRecord> {
  const row = await repo.findById(db, id);
  const bytes = row ? await repo.bytesOf(db, id) : undefined;
  if (!row || !bytes) throw new AppError('inboxNotFound');
  const read = readUbl(bytes, row.file_name ?? String(id));
  const own = (await getIssuer(db))?.oib ?? null;
  if (own && read.buyer.oib !== own) throw new AppError('inboxFiscalOtherRecipient', { params: { buyer: read.buyer.oib ?? '—', own } });
  const recipientOib = own ?? read.buyer.oib;
  if (!recipientOib) throw incomplete('OIB kupca / Buyer OIB (BT-48)');
  const abroad = foreignSupplier(read);
  if (abroad) throw new AppError('inboxFiscalNotRequired', { params: { country: abroad } });
  if (!read.supplier.oib) throw incomplete('OIB dobavljača / Seller OIB (BT-31)');
  const operatorOib = read.supplierContact?.id?.replace(/^HR/i, '') ?? null;
  if (!operatorOib || !/^\d{11}$/.test(operatorOib)) throw incomplete('OIB operatera / Operator OIB (HR-BT-5)');
  if (!read.fiscal.profileId) throw incomplete('ProfileID (BT-23)');
  // KPD is stated for neither a credit note nor an advance invoice (TS-F2 3.1.3.17.13)
  const withKpd = read.typeCode !== '381' && read.typeCode !== '386';
  return {
    number: read.number,
    issueDate: read.issueDate,
    typeCode: read.typeCode,
    currency: read.currency,
    dueDate: read.dueDate,
    profileId: read.fiscal.profileId,
    contractReference: read.contractReference,
    deliveryDate: read.deliveryDate,
    previous: read.billingReferences.filter((ref) => ref.issueDate !== null),
    issuer: { name: read.supplier.name, oib: read.supplier.oib, operatorOib },
    recipient: { name: read.buyer.name, oib: recipientOib },
    transfers: read.payment.iban ? [{ iban: read.payment.iban, name: read.payment.accountName, bic: read.payment.bic }] : [],
    totals: {
      net: amount(read.totals.lineExtensionCents),
      allowance: optional(read.totals.allowanceCents),
      charge: optional(read.totals.chargeCents),
      withoutVat: amount(read.taxExclusiveCents),
      vat: amount(read.vatCents),
      withVat: amount(read.totalCents),
      prepaid: optional(read.totals.prepaidCents),
      payable: amount(read.payableCents),
    },
    vat: read.vatBreakdown.map((group, index) => {
      if (!VAT_CATEGORIES.includes(group.category)) throw incomplete('TaxCategory ID (BT-118)');
      const extra = read.fiscal.vat[index];
      const code = extra?.exemptionCode && /^VATEX-/i.test(extra.exemptionCode) ? extra.exemptionCode : null;
      return {
        category: group.category, base: amount(group.baseCents), tax: amount(group.vatCents), rate: rate(group.rate),
        exemptionCode: code, exemptionText: extra?.exemptionText?.slice(0, 1024) ?? null, hrCategory: hrCategory(extra?.hrCategory ?? null),
      };
    }),
    lines: read.lines.map((line, index) => {
      if (!line.unitCode) throw incomplete('unitCode (BT-130)');
      if (!line.price) throw incomplete('PriceAmount (BT-146)');
      if (!line.vatCategory || !VAT_CATEGORIES.includes(line.vatCategory)) throw incomplete('ClassifiedTaxCategory ID (BT-151)');
      return {
        quantity: line.quantity, unit: line.unitCode, net: amount(line.netCents), price: line.price, category: line.vatCategory, rate: rate(line.vatRate),
        name: line.name, description: line.description, hrCategory: hrCategory(read.fiscal.lines[index]?.hrCategory ?? null), kpd: withKpd ? line.kpd : null,
      };
    }),
  };
}

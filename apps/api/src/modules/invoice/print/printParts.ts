import { type Language, type Line, type PrintView, computeTotals, countryName, formatMoney, translate } from '@faktura/shared';
import { formatNumber, formatPercent, formatQuantity, lineName } from './format';
import type { ClientData, IssuerData } from './sources';

/*
 * The parts of a printout every priced document shares (an invoice, a credit note, an advance, a
 * quote): the client's and the issuer's blocks, and the lines with their VAT as one calculation
 * (computeTotals) lays them out, so no two printouts can write them differently.
 */

export function printedClient(client: ClientData, language: Language): PrintView['client'] {
  const domestic = client.address.country_code === 'HR';
  return {
    title: client.name,
    pin: client.pin,
    // a private person has an OIB at most, never a VAT number (decision 031)
    vatNumber: client.pin && client.kind !== 'CONSUMER' ? (domestic && !/^HR/i.test(client.pin) ? `HR${client.pin}` : client.pin) : null,
    address1: client.address.address1,
    address2: client.address.address2,
    zip: client.address.zip,
    city: client.address.city,
    state: client.address.state,
    country: countryName(client.address.country_code, language),
    countryCode: client.address.country_code,
    kind: client.kind ?? 'BUSINESS',
  };
}

export function printedSender(issuer: IssuerData, language: Language): PrintView['sender'] {
  return {
    title: issuer.name,
    address1: issuer.address?.address1 ?? '',
    zip: issuer.address?.zip ?? '',
    city: issuer.address?.city ?? '',
    country: issuer.address ? countryName(issuer.address.country_code, language) : '',
    email: issuer.email,
    pin: issuer.oib,
    vatNumber: `HR${issuer.oib}`,
    phone: issuer.phone,
  };
}

type PricedLine = Line & { lineTotalCents: number; description: string; descriptionEn: string | null };

/** The lines, their column titles, the VAT per rate (domestic) or the one 0 % category line. */
export function printedLines(
  lines: readonly PricedLine[],
  vatTreatment: string,
  currency: string,
  language: Language,
): Pick<PrintView['content'], 'lineItems' | 'columnTitles' | 'taxLines' | 'vatBreakdown'> {
  const t = (key: string, params?: Record<string, string | number>) => translate(language, `print.${key}`, params);
  const money = (cents: number) => formatMoney(cents, currency, language);
  const showVatRates = vatTreatment === 'DOMESTIC';
  // the same computation the API stored the totals with: the printout cannot disagree with the screen
  const totals = computeTotals(lines);
  return {
    lineItems: lines.map((line) => ({
      name: lineName(line, language),
      quantity: formatQuantity(line.quantityMilli, language),
      lineItemUnit: translate(language, `units.${line.unit}_short`),
      unitPrice: money(line.priceCents),
      discount: line.discountBp > 0 ? formatPercent(line.discountBp, language) : null,
      vatRate: showVatRates ? formatPercent(line.vatRateBp, language) : null,
      linePrice: money(line.lineTotalCents),
    })),
    columnTitles: ['name', 'quantity', 'unit', 'unitPrice', 'discount', 'vatRate', 'linePrice'].map((c) => t(`columns.${c}`)),
    taxLines: showVatRates ? totals.vatGroups.map((g) => ({ label: t('taxRate', { rate: formatNumber(g.rateBp / 100, language, 2) }), amount: money(g.vatCents) })) : [],
    vatBreakdown: showVatRates
      ? totals.vatGroups.map((g) => ({ rate: formatPercent(g.rateBp, language), base: money(g.baseCents), vat: money(g.vatCents) }))
      : [{ rate: `0 % · ${t(`vatCategories.${vatTreatment}`)}`, base: money(totals.subtotalCents), vat: money(0) }],
  };
}

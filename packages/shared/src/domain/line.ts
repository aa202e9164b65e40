import type { Unit } from '../contract/lineItem';
import { fromCents, toCents } from './money';
import { lineVatRate, type VatTreatment } from './vat';

/**
 * One invoice line in the app's integer units, the one shape the API, the web forms, the printout
 * and the e-invoice work on (decision 018):
 * - `priceCents`: the unit price in cents of `currency`;
 * - `quantityMilli`: the quantity in thousandths (1.5 h = 1500; negative on a credit note);
 * - `discountBp`, `vatRateBp`: hundredths of a percent (12.5 % = 1250, 25 % = 2500);
 * - `itemId`: the catalogue item the line came from, null once that item was deleted.
 * `computeTotals` takes these lines as they are.
 */
export interface Line {
  itemId: number | null;
  description: string;
  descriptionEn: string | null;
  quantityMilli: number;
  unit: Unit;
  priceCents: number;
  currency: string;
  discountBp: number;
  vatRateBp: number;
  kpdCode: string | null;
}

/**
 * A line as spec §7 carries it (the create and update bodies' `lineItems`): amounts as decimal
 * numbers in currency units, units and percent, the catalogue item as `id`. Requests may leave the
 * VAT rate out (the invoice's VAT treatment decides it); what `lineToWire` writes always has it.
 */
export interface WireLine {
  id: number | null;
  description: string;
  descriptionEn: string | null;
  quantity: number;
  price: number;
  unit: Unit;
  currency: string;
  discountPercent: number;
  vatRate?: number | undefined;
  kpdCode: string | null;
}

/** A quantity as the wire writes it, in thousandths (1.5 → 1500); the schemas allow three decimals. */
export function quantityFromWire(quantity: number): number {
  return Math.round(quantity * 1000);
}

/** A percentage as the wire writes it, in hundredths of a percent (12.5 → 1250). */
export function percentFromWire(percent: number): number {
  return Math.round(percent * 100);
}

/** The wire's decimal numbers as integer units: the only place a line's are converted inward. */
export function amountsFromWire(wire: {
  quantity: number;
  price: number;
  discountPercent?: number | undefined;
  vatRate?: number | undefined;
}): { quantityMilli: number; priceCents: number; discountBp: number; vatRateBp: number | undefined } {
  return {
    quantityMilli: quantityFromWire(wire.quantity),
    priceCents: toCents(wire.price),
    discountBp: percentFromWire(wire.discountPercent ?? 0),
    vatRateBp: wire.vatRate === undefined ? undefined : percentFromWire(wire.vatRate),
  };
}

/** A quantity in thousandths as the wire writes it (1500 → 1.5): the only place it is converted outward. */
export function quantityToWire(quantityMilli: number): number {
  return quantityMilli / 1000;
}

/** Hundredths of a percent as the wire writes them (1250 → 12.5). */
export function percentToWire(bp: number): number {
  return bp / 100;
}

/**
 * A line received in spec §7's shape, in integer units. The treatment decides the VAT rate as it
 * does for every invoice: the line's own (25 % when absent) for domestic VAT, otherwise none.
 */
export function lineFromWire(wire: WireLine, treatment: VatTreatment): Line {
  const amounts = amountsFromWire(wire);
  return {
    itemId: wire.id,
    description: wire.description,
    descriptionEn: wire.descriptionEn,
    quantityMilli: amounts.quantityMilli,
    unit: wire.unit,
    priceCents: amounts.priceCents,
    currency: wire.currency,
    discountBp: amounts.discountBp,
    vatRateBp: lineVatRate(treatment, amounts.vatRateBp),
    kpdCode: wire.kpdCode,
  };
}

/** A line in spec §7's shape; with `lineFromWire` the only conversion between the two. */
export function lineToWire(line: Line): WireLine & { vatRate: number } {
  return {
    id: line.itemId,
    quantity: quantityToWire(line.quantityMilli),
    description: line.description,
    descriptionEn: line.descriptionEn,
    price: fromCents(line.priceCents),
    unit: line.unit,
    currency: line.currency,
    discountPercent: percentToWire(line.discountBp),
    vatRate: percentToWire(line.vatRateBp),
    kpdCode: line.kpdCode,
  };
}

import type { CreditNoteCreate, Invoice } from '@faktura/shared';

/** One invoice line as the credit dialog offers it. */
export interface CreditLine {
  lineId: number;
  description: string;
  unit: Invoice['lineItems'][number]['unit'];
  /** What is left to credit: the line's quantity less what earlier credit notes took. */
  remaining: number;
  checked: boolean;
  /** The quantity to credit; '' while the input is empty. */
  quantity: number | '';
}

/** Quantities have at most three decimals; subtracting them must not leave 0.30000000000000004. */
const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** Every line checked at what remains of it; lines with nothing left unchecked (and shown disabled). */
export function creditLines(invoice: Invoice): CreditLine[] {
  return invoice.lineItems.map((line) => {
    const remaining = Math.max(0, round3(line.quantity - line.creditedQuantity));
    return {
      lineId: line.lineId,
      description: line.description,
      unit: line.unit,
      remaining,
      checked: remaining > 0,
      quantity: remaining,
    };
  });
}

/** All that remains is credited: every line with something left is checked at its full remainder. */
export function isStorno(lines: CreditLine[]): boolean {
  return lines.every((line) => line.remaining === 0 || (line.checked && line.quantity === line.remaining));
}

/** Reasons keyed by where they show: 'reason', 'billingDate', 'lines' or `line:<lineId>`. */
export type CreditErrors = Record<string, string>;

export const lineKey = (lineId: number) => `line:${lineId}`;

interface Texts {
  required: string;
  noneChosen: string;
  positive: string;
  tooMuch: (remaining: number) => string;
}

/** What the dialog can tell before asking the server; the server checks all of it again. */
export function checkCredit(lines: CreditLine[], reason: string, texts: Texts): CreditErrors {
  const errors: CreditErrors = {};
  if (!reason.trim()) errors.reason = texts.required;
  const chosen = lines.filter((line) => line.checked);
  if (chosen.length === 0) errors.lines = texts.noneChosen;
  for (const line of chosen) {
    if (line.quantity === '' || line.quantity <= 0) errors[lineKey(line.lineId)] = texts.positive;
    else if (line.quantity > line.remaining) errors[lineKey(line.lineId)] = texts.tooMuch(line.remaining);
  }
  return errors;
}

/** The request: without `lines` for a storno of all that remains, else the chosen lines. */
export function creditBody(lines: CreditLine[], reason: string, billingDate: string): CreditNoteCreate {
  const body: CreditNoteCreate = { reason: reason.trim(), billingDate };
  if (isStorno(lines)) return body;
  return {
    ...body,
    lines: lines
      .filter((line) => line.checked && line.quantity !== '')
      .map((line) => ({ lineId: line.lineId, quantity: line.quantity as number })),
  };
}

/**
 * Where a server error's field is shown: `lines.2.quantity` names the third line sent, which is
 * found again in the body; null when no input holds it (the reason is then toasted).
 */
export function creditFieldFor(field: string, body: CreditNoteCreate): string | null {
  if (field === 'reason' || field === 'billingDate' || field === 'lines') return field;
  const match = /^lines\.(\d+)(\.\w+)?$/.exec(field);
  const sent = match ? body.lines?.[Number(match[1])] : undefined;
  return sent ? lineKey(sent.lineId) : null;
}

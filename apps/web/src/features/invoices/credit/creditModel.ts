import {
  milliInput,
  parseMilli,
  quantityFromWire,
  quantityToWire,
  type CreditNoteCreate,
  type DecimalError,
  type Invoice,
  type Language,
} from '@faktura/shared';

/** One invoice line as the credit dialog offers it. */
export interface CreditLine {
  lineId: number;
  /** Its name in the invoice's language (the English name on an English invoice, when it has one). */
  description: string;
  unit: Invoice['lineItems'][number]['unit'];
  /** What is left to credit, in thousandths: the line's quantity less what earlier credit notes took. */
  remainingMilli: number;
  checked: boolean;
  /** The quantity to credit as typed ("10,5"), read once by the shared `parseMilli`. */
  quantity: string;
}

/**
 * Every line checked at what remains of it; lines with nothing left unchecked (and shown disabled).
 * Names as the invoice writes them (`documentLanguage`), quantities as the reader types them.
 */
export function creditLines(invoice: Invoice, language: Language): CreditLine[] {
  const english = invoice.documentLanguage === 'en';
  return invoice.lineItems.map((line) => {
    const remainingMilli = Math.max(0, quantityFromWire(line.quantity) - quantityFromWire(line.creditedQuantity));
    return {
      lineId: line.lineId,
      description: english && line.descriptionEn ? line.descriptionEn : line.description,
      unit: line.unit,
      remainingMilli,
      checked: remainingMilli > 0,
      quantity: milliInput(remainingMilli, language),
    };
  });
}

/** A chosen line's quantity in thousandths, or why it does not read. */
const quantityOf = (line: CreditLine, language: Language) => parseMilli(line.quantity, language);

/** A ticked line whose quantity reads as more than 0: it goes into the credit note (0 = not credited). */
function credits(line: CreditLine, language: Language): boolean {
  const quantity = quantityOf(line, language);
  return line.checked && quantity.ok && quantity.value > 0;
}

/** Lines are ticked but none at more than 0: the note would credit nothing. */
export function creditsNothing(lines: CreditLine[], language: Language): boolean {
  return lines.some((line) => line.checked) && !lines.some((line) => credits(line, language));
}

/** All that remains is credited: every line with something left is checked at its full remainder. */
export function isStorno(lines: CreditLine[], language: Language): boolean {
  return lines.every((line) => {
    if (line.remainingMilli === 0) return true;
    const quantity = quantityOf(line, language);
    return line.checked && quantity.ok && quantity.value === line.remainingMilli;
  });
}

/** Reasons keyed by where they show: 'reason', 'billingDate', 'lines' or `line:<lineId>`. */
export type CreditErrors = Record<string, string>;

export const lineKey = (lineId: number) => `line:${lineId}`;

interface Texts {
  required: string;
  noneChosen: string;
  /** A ticked line whose quantity is empty or below 0. */
  quantityNeeded: string;
  /** Every ticked line is at 0. */
  nothingCredited: string;
  /** Why a typed quantity does not read (too many decimals, not a number). */
  unreadable: (error: DecimalError) => string;
  tooMuch: (remainingMilli: number) => string;
}

/**
 * What the dialog can tell before asking the server; the server checks all of it again. A ticked
 * line at 0 is not credited (and not an error); only when every ticked line is at 0 is nothing left.
 */
export function checkCredit(lines: CreditLine[], reason: string, texts: Texts, language: Language): CreditErrors {
  const errors: CreditErrors = {};
  if (!reason.trim()) errors.reason = texts.required;
  const chosen = lines.filter((line) => line.checked);
  if (chosen.length === 0) errors.lines = texts.noneChosen;
  for (const line of chosen) {
    const quantity = quantityOf(line, language);
    if (!quantity.ok && quantity.error !== 'validation.required') errors[lineKey(line.lineId)] = texts.unreadable(quantity.error);
    else if (!quantity.ok || quantity.value < 0) errors[lineKey(line.lineId)] = texts.quantityNeeded;
    else if (quantity.value > line.remainingMilli) errors[lineKey(line.lineId)] = texts.tooMuch(line.remainingMilli);
  }
  const linesFine = chosen.every((line) => !(lineKey(line.lineId) in errors));
  if (chosen.length > 0 && linesFine && creditsNothing(lines, language)) errors.lines = texts.nothingCredited;
  return errors;
}

/**
 * The request: without `lines` for a storno of all that remains, else the chosen lines at more than
 * 0 (a line at 0 is left out), their quantities as spec §7 writes them. Only called once
 * `checkCredit` found nothing.
 */
export function creditBody(lines: CreditLine[], reason: string, language: Language): CreditNoteCreate {
  const body: CreditNoteCreate = { reason: reason.trim() };
  if (isStorno(lines, language)) return body;
  return {
    ...body,
    lines: lines.flatMap((line) => {
      const quantity = quantityOf(line, language);
      return line.checked && quantity.ok && quantity.value > 0 ? [{ lineId: line.lineId, quantity: quantityToWire(quantity.value) }] : [];
    }),
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

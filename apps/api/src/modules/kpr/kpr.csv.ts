import type { KprAnswer } from '@faktura/shared';

/*
 * The KPR as CSV for a spreadsheet set to Croatian (decision 029): UTF-8 with a byte-order mark,
 * semicolons, a decimal comma without thousands separators, dates as dd.mm.yyyy., the form's
 * Croatian headings; a last row with the year's sums. CRLF line ends, as spreadsheets write them.
 */

export const KPR_HEADINGS = [
  'Redni broj',
  'Datum',
  'Broj računa',
  'Iznos naplaćen u gotovini / karticom (EUR)',
  'Iznos naplaćen bezgotovinski – transakcijski račun (EUR)',
  'Ukupno (EUR)',
] as const;

/** Cents as "1234,56" / "-40,00". */
export function decimalComma(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${String(Math.floor(abs / 100))},${String(abs % 100).padStart(2, '0')}`;
}

/** yyyy-MM-dd as "dd.mm.yyyy." */
export function dottedDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d ?? ''}.${m ?? ''}.${y ?? ''}.`;
}

/** A field quoted when it holds a separator, a quote or a line end. */
function field(value: string): string {
  return /[;"\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function kprCsv(kpr: KprAnswer): string {
  const lines = [KPR_HEADINGS.join(';')];
  for (const row of kpr.rows) {
    lines.push(
      [String(row.no), dottedDate(row.date), row.invoiceNumber, decimalComma(row.cashCents), decimalComma(row.nonCashCents), decimalComma(row.totalCents)]
        .map(field)
        .join(';'),
    );
  }
  lines.push(['', '', `Ukupno ${String(kpr.year)}.`, decimalComma(kpr.total.cashCents), decimalComma(kpr.total.nonCashCents), decimalComma(kpr.total.totalCents)].map(field).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export const kprFileName = (year: number, ext: 'csv' | 'pdf') => `KPR-${String(year)}.${ext}`;

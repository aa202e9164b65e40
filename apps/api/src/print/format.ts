import { type Language, formatDate, localeOf, todayInZagreb } from '@faktura/shared';

// Dates are written by the one formatter the screens use too (issue 12): "2. 3. 2026." / "2 Mar 2026".
export { formatDate, localeOf };

/** Formatters are made once per language (and digits): constructing one costs far more than using it. */
const numberFormats = new Map<string, Intl.NumberFormat>();

/** The day an invoice was issued (from its UTC timestamp, in Zagreb) with its Zagreb time of issue. */
export function formatIssueDateTime(issuedAt: string | null, issueTime: string | null, language: Language): string | null {
  if (!issuedAt || !issueTime) return null;
  return `${formatDate(todayInZagreb(new Date(issuedAt)), language)} ${issueTime.slice(0, 5)}`;
}

export function formatNumber(value: number, language: Language, maxDecimals = 3): string {
  const key = `${language}|${maxDecimals}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), { maximumFractionDigits: maxDecimals });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** A quantity in thousandths as the printout writes it: 1500 → "1,5" / "1.5". */
export function formatQuantity(milli: number, language: Language): string {
  return formatNumber(milli / 1000, language, 3);
}

export function formatPercent(hundredths: number, language: Language): string {
  return `${formatNumber(hundredths / 100, language, 2)} %`;
}

/** "7.53450" in hr is "7,53450": every decimal of the rate is kept. */
export function formatRate(rate: string, language: Language): string {
  return language === 'hr' ? rate.replace('.', ',') : rate;
}

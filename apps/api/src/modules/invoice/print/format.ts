import { type Language, formatDate, formatDayTime, formatNumber, localeOf, todayInZagreb } from '@faktura/shared';

// Dates and numbers are written by the formatters the screens use too (issues 11, 12): "2. 3. 2026." / "2 Mar 2026".
export { formatDate, formatNumber, localeOf };

/**
 * The day an invoice was issued (from its UTC timestamp, in Zagreb) with its Zagreb time of issue, as
 * the screens write a moment: "3. 11. 2026. 10:00" / "3 Nov 2026, 10:00".
 */
export function formatIssueDateTime(issuedAt: string | null, issueTime: string | null, language: Language): string | null {
  if (!issuedAt || !issueTime) return null;
  return formatDayTime(todayInZagreb(new Date(issuedAt)), issueTime, language);
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

/**
 * The language a document is written in: Croatian for a client in Croatia whatever is asked,
 * otherwise the one asked for (the printout, the PDF, the e-invoice's texts).
 */
export function documentLanguage(client: { address: { country_code: string } }, requested: Language): Language {
  return client.address.country_code === 'HR' ? 'hr' : requested;
}

/**
 * A line's name in the document's language: an English document takes the English name the line was
 * issued with; a line that has none (and every line of a document issued before lines had one) keeps
 * its Croatian name, as its printout does.
 */
export function lineName(line: { description: string; descriptionEn: string | null }, language: Language): string {
  return language === 'en' && line.descriptionEn ? line.descriptionEn : line.description;
}

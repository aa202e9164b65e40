import { type Language, parseIsoDate, todayInZagreb } from '@faktura/shared';

/** Number and date formats of the printed invoice's language. */
export const localeOf = (language: Language) => (language === 'hr' ? 'hr-HR' : 'en-GB');

/** Formatters are made once per language (and digits): constructing one costs far more than using it. */
const dateFormats: Record<Language, Intl.DateTimeFormat> = {
  hr: new Intl.DateTimeFormat('hr-HR', { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
};
const numberFormats = new Map<string, Intl.NumberFormat>();

export function formatDate(iso: string, language: Language): string {
  return dateFormats[language].format(parseIsoDate(iso));
}

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

export function formatPercent(hundredths: number, language: Language): string {
  return `${formatNumber(hundredths / 100, language, 2)} %`;
}

/** "7.53450" in hr is "7,53450": every decimal of the rate is kept. */
export function formatRate(rate: string, language: Language): string {
  return language === 'hr' ? rate.replace('.', ',') : rate;
}

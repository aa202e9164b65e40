import { formatMoney } from '@faktura/shared';

/**
 * The price as the language writes money, with the item's own currency symbol. The shared
 * formatMoney follows CLDR, which writes dollars as "USD" in Croatian and "US$" in British English;
 * the cards promise the symbol ($), so only the currency part is swapped, the rest stays CLDR's.
 */
export function formatPrice(cents: number, code: string, symbol: string, language: string): string {
  if (!symbol) return formatMoney(cents, code, language);
  try {
    const format = new Intl.NumberFormat(language === 'hr' ? 'hr-HR' : 'en-GB', {
      style: 'currency',
      currency: code,
    });
    return format
      .formatToParts(cents / 100)
      .map((part) => (part.type === 'currency' ? symbol : part.value))
      .join('');
  } catch {
    return formatMoney(cents, code, language);
  }
}

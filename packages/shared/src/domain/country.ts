/**
 * ISO 3166-1 alpha-2 country codes and their names in a UI language.
 *
 * The names come from the runtime's CLDR data (Intl.DisplayNames), so they follow the language
 * without a hand-written table. CLDR also knows codes that are not countries (EU, UN, ZZ ...) and
 * codes withdrawn from ISO 3166 (YU, CS ...); those are removed here. XK (Kosovo) stays: it is
 * user-assigned but what banks and tax authorities use.
 */
const NOT_COUNTRIES = new Set([
  'AC', 'AN', 'BU', 'CP', 'CQ', 'CS', 'DD', 'DG', 'DY', 'EA', 'EU', 'EZ', 'FX', 'HV', 'IC', 'NH',
  'QO', 'RH', 'SU', 'TA', 'TP', 'UK', 'UN', 'VD', 'XA', 'XB', 'YD', 'YU', 'ZR', 'ZZ',
]);

function computeCodes(): readonly string[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const codes: string[] = [];
  for (let a = 65; a <= 90; a++) {
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      if (!NOT_COUNTRIES.has(code) && names.of(code)) codes.push(code);
    }
  }
  return codes;
}

let cached: readonly string[] | undefined;

/** All country codes we accept, sorted by code. */
export function countryCodes(): readonly string[] {
  cached ??= computeCodes();
  return cached;
}

export function isCountryCode(code: string): boolean {
  return countryCodes().includes(code);
}

/** Member states of the European Union (for VAT treatment and SEPA decisions). */
export const EU_COUNTRIES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT',
  'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
]);

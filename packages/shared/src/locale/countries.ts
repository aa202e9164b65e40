/** One Intl.DisplayNames per language: a country list names some 250 countries at a time. */
const displayNames = new Map<string, Intl.DisplayNames | null>();

function namesIn(language: string): Intl.DisplayNames | null {
  let names = displayNames.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    } catch {
      names = null;
    }
    displayNames.set(language, names);
  }
  return names;
}

/** The country's name in the given language ("Hrvatska" in hr, "Croatia" in en); the code if unknown. */
export function countryName(code: string, language: string): string {
  try {
    return namesIn(language)?.of(code) ?? code;
  } catch {
    return code;
  }
}

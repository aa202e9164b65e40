/* The time of a sending, on its own: the list's sent mark needs it without the e-mail screens. */
/** "21. 11. 2026. 14:05" / "21 Nov 2026, 14:05", in Zagreb time. */
export function formatSentAt(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'hr' ? 'hr-HR' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Zagreb',
  }).format(new Date(iso));
}

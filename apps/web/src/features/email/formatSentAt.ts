import { type Language, formatDateTime } from '@faktura/shared';

/* The time of a sending, on its own: the list's sent mark needs it without the e-mail screens. */
/** "21. 11. 2026. 14:05" / "21 Nov 2026, 14:05", in Zagreb time (the shared format of every moment). */
export function formatSentAt(iso: string, language: Language): string {
  return formatDateTime(iso, language);
}

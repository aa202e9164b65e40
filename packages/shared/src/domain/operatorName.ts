/**
 * Whether the operator's name still needs to be entered: empty, or only what was derived from the
 * sign-in e-mail when no name was given ("Admin" for admin@localhost, "ana" for ana@firma.hr).
 * Invoices print the operator who issued them, so Settings asks for the full name until then.
 */
export function operatorNameNeeded(name: string, email: string): boolean {
  const trimmed = name.trim();
  if (trimmed === '') return true;
  const local = email.split('@')[0] ?? '';
  return trimmed.toLowerCase() === local.trim().toLowerCase();
}

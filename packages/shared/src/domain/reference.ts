/**
 * Croatian payment reference numbers ("poziv na broj"): HR00 has up to three numeric parts with no
 * control digit; HR01 the same with a MOD 11 INI control digit over all digits as its last digit.
 * Total at most 22 characters, each part at most 12 digits (FINA's list of models).
 */
export const REFERENCE_MODELS = ['HR00', 'HR01'] as const;
export type ReferenceModel = (typeof REFERENCE_MODELS)[number];

/** MOD 11 INI: weights 2, 3, 4 ... from the rightmost digit; 0 when the remainder is 0 or 1. */
export function mod11IniControlDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i + 2);
  const remainder = sum % 11;
  return remainder <= 1 ? 0 : 11 - remainder;
}

export function hasValidShape(reference: string): boolean {
  if (reference.length === 0 || reference.length > 22) return false;
  const parts = reference.split('-');
  return parts.length <= 3 && parts.every((part) => /^\d{1,12}$/.test(part));
}

export function isValidReference(model: ReferenceModel, reference: string): boolean {
  if (!hasValidShape(reference)) return false;
  if (model === 'HR00') return true;
  const digits = reference.replace(/-/g, '');
  if (digits.length < 2) return false;
  return mod11IniControlDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}

/** Appends the HR01 control digit: "1234" -> "12343". */
export function withControlDigit(reference: string): string {
  return reference + String(mod11IniControlDigit(reference.replace(/-/g, '')));
}

import { KPD_2025_CODES } from './kpdCodes';

/**
 * A KPD 2025 code as e-invoice lines write it: six digits in pairs, `NN.NN.NN` (HR-BR-25). Only
 * the six-digit level is accepted there; sections, divisions and classes are not.
 */
export const KPD_CODE_PATTERN = /^\d{2}\.\d{2}\.\d{2}$/;

/**
 * True for a six-digit code of the KPD 2025 list (the list the Croatian CIUS validator accepts).
 * This part holds only the codes (a few kB), so the contract and the web forms can check a code
 * without the names; those are in `kpd.ts`.
 */
export function isValidKpdCode(code: string): boolean {
  return KPD_CODE_PATTERN.test(code) && KPD_2025_CODES.includes(` ${code.replace(/\./g, '')} `);
}

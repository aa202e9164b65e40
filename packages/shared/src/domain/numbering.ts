/** Invoice numbers read `sequence/premises/device`, e.g. `7/POSL1/1` (Fiscalization Act). */
export function formatInvoiceNumber(sequence: number, premisesCode: string, deviceCode: string): string {
  return `${sequence}/${premisesCode}/${deviceCode}`;
}

/** Euro became Croatia's currency on 1 January 2023 at this fixed rate (kn per €). */
export const HRK_PER_EUR = '7.53450';

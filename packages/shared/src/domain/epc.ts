/**
 * EPC QR code payload (SEPA credit transfer, EPC069-12, version 002, UTF-8): the lines a banking
 * app reads to prefill a transfer. A structured reference and free text are never both given.
 */
export interface EpcInput {
  bic: string | null;
  name: string;
  iban: string;
  amountCents: number;
  purpose?: string;
  remittanceText: string;
}

export function buildEpcPayload(input: EpcInput): string {
  if (input.amountCents < 1 || input.amountCents > 99_999_999_999) {
    throw new Error(`EPC amount out of range: ${input.amountCents}`);
  }
  const amount = `EUR${Math.floor(input.amountCents / 100)}.${String(input.amountCents % 100).padStart(2, '0')}`;
  return [
    'BCD',
    '002',
    '1',
    'SCT',
    (input.bic ?? '').trim().toUpperCase(),
    input.name.trim().slice(0, 70),
    input.iban.replace(/\s+/g, '').toUpperCase(),
    amount,
    (input.purpose ?? '').slice(0, 4),
    '',
    input.remittanceText.trim().slice(0, 140),
  ].join('\n');
}

/**
 * HUB-3A payment barcode payload (Croatian payment slip, HUB standard v6): fourteen fields, each
 * ending in a line feed. Text fields are transliterated (č -> c ...), because common banking-app
 * decoders garble UTF-8, reduced to the standard's character set and cut to their lengths.
 */
const TRANSLITERATION: Record<string, string> = {
  č: 'c', ć: 'c', đ: 'd', š: 's', ž: 'z', Č: 'C', Ć: 'C', Đ: 'D', Š: 'S', Ž: 'Z',
  ß: 'ss', æ: 'ae', Æ: 'AE', ø: 'o', Ø: 'O', ł: 'l', Ł: 'L', œ: 'oe', Œ: 'OE',
};

/** Letters, digits, space and , . : - + ? ' / ( ) — everything else is replaced by a space. */
export function hub3Text(value: string | null | undefined, maxLength: number): string {
  const ascii = (value ?? '')
    .replace(/[^ -~]/g, (ch) => TRANSLITERATION[ch] ?? ch.normalize('NFD').replace(/[\u0300-\u036f]/g, ''))
    .replace(/[^A-Za-z0-9 ,.:\-+?'/()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return ascii.slice(0, maxLength).trimEnd();
}

export interface Hub3Party {
  name: string;
  street: string;
  /** "10000 Zagreb" */
  place: string;
}

export interface Hub3Input {
  amountCents: number;
  payer: Hub3Party;
  recipient: Hub3Party;
  iban: string;
  model: string;
  reference: string;
  purposeCode?: string;
  description: string;
}

export function buildHub3Payload(input: Hub3Input): string {
  if (!Number.isInteger(input.amountCents) || input.amountCents < 0 || input.amountCents > 999_999_999_999_999) {
    throw new Error(`HUB-3 amount out of range: ${input.amountCents}`);
  }
  const fields = [
    'HRVHUB30',
    'EUR',
    String(input.amountCents).padStart(15, '0'),
    hub3Text(input.payer.name, 30),
    hub3Text(input.payer.street, 27),
    hub3Text(input.payer.place, 27),
    hub3Text(input.recipient.name, 25),
    hub3Text(input.recipient.street, 25),
    hub3Text(input.recipient.place, 27),
    input.iban.replace(/\s+/g, '').toUpperCase().slice(0, 21),
    hub3Text(input.model, 4),
    input.reference.replace(/[^0-9-]/g, '').slice(0, 22),
    hub3Text(input.purposeCode ?? 'OTHR', 4),
    hub3Text(input.description, 35),
  ];
  return fields.map((field) => `${field}\n`).join('');
}

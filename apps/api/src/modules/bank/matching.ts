/*
 * Which open documents a statement's entries pay (issue 49): a credit pays issued invoices, a debit
 * pays received ones (the inbox). Pure: the candidates come in, proposals come out; nothing is stored
 * and nothing is decided for the user. Each entry gets at most one proposal, which says why it matched:
 *
 * 1. `reference`: the payer's poziv na broj is the document's (the model and number Faktura prints on
 *    its invoices, HR00/HR01; a received invoice's own from its e-invoice), digits compared part by part;
 * 2. `number`: the remittance text names document numbers (one transfer for several invoices);
 * 3. `amount` with `name` or `iban`: exactly what is still open on one document of that party;
 * 4. `sum`: exactly what is open on several documents of that party together.
 *
 * Found by reference or number, the proposal is ticked when it does not overpay (a part payment
 * included); the rest are proposed unticked for the user to confirm. The whole entry is allocated:
 * documents in order of issue, each up to what is open on it, an excess on the last one as an
 * overpayment (`overpaidCents`, never ticked). Allocations use what earlier entries of the same
 * statement already took, so two entries never pay the same euro twice.
 */

export interface OpenDocument {
  id: number;
  number: string;
  issueDate: string;
  currency: string;
  /** What is still open, in cents (> 0). */
  openCents: number;
  /** The client (of an issued invoice) or the supplier (of a received one). */
  partyName: string;
  partyIban: string | null;
  referenceModel: string | null;
  referenceNumber: string | null;
}

export interface EntryToMatch {
  direction: 'CREDIT' | 'DEBIT';
  amountCents: number;
  currency: string;
  counterpartyName: string | null;
  counterpartyIban: string | null;
  referenceModel: string | null;
  referenceNumber: string | null;
  text: string | null;
}

export const MATCH_REASONS = ['reference', 'number', 'amount', 'name', 'iban', 'sum', 'partPayment', 'overpayment'] as const;
export type MatchReason = (typeof MATCH_REASONS)[number];

export interface Proposal {
  /** INVOICE: issued invoices (a credit); RECEIVED: received documents (a debit). */
  kind: 'INVOICE' | 'RECEIVED';
  allocations: { documentId: number; amountCents: number }[];
  reasons: MatchReason[];
  ticked: boolean;
  /** What the entry pays beyond what was open (on the last document); 0 when nothing. */
  overpaidCents: number;
}

/** A poziv na broj as its numeric parts without leading zeros: `HR01 0012-2026` → `12-2026`. */
export function referenceKey(number: string | null): string | null {
  if (!number) return null;
  const parts = number.replace(/^HR\d{2}\s*/i, '').split(/[-\s]+/).map((p) => p.replace(/\D/g, '')).filter(Boolean);
  if (parts.length === 0) return null;
  return parts.map((p) => p.replace(/^0+(?=\d)/, '')).join('-');
}

const LEGAL_FORMS = new Set(['doo', 'jdoo', 'dd', 'obrt', 'vl', 'gmbh', 'ltd', 'llc', 'sro', 'srl', 'ag', 'inc', 'za', 'i', 'the']);
/** The words of a name that tell parties apart: lower case, no diacritics, no legal form. */
function nameWords(name: string | null): Set<string> {
  if (!name) return new Set();
  const plain = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/\b(d\.o\.o\.|j\.d\.o\.o\.|d\.d\.)/g, (form) => form.replace(/\./g, ''));
  return new Set(plain.split(/[^a-z0-9]+/).filter((w) => w.length > 1 && !LEGAL_FORMS.has(w)));
}
/** Whether two names share their telling words (all of the shorter one's). */
export function sameParty(a: string | null, b: string | null): boolean {
  const x = nameWords(a);
  const y = nameWords(b);
  if (x.size === 0 || y.size === 0) return false;
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  return [...small].every((w) => large.has(w));
}

/** Whether `text` names the document number as a whole token (`7/POSL1/1`, `12-1-1`). */
function names(text: string, number: string): boolean {
  const escaped = number.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^a-z0-9/-])${escaped}($|[^a-z0-9/-])`).test(text.toLowerCase());
}

/** The subset of `docs` (at most 12, oldest first) whose open amounts sum exactly to `target`, if exactly one does. */
function exactSubset(docs: OpenDocument[], open: (d: OpenDocument) => number, target: number): OpenDocument[] | null {
  const pool = docs.slice(0, 12);
  let found: OpenDocument[] | null = null;
  for (let mask = 1; mask < 1 << pool.length; mask++) {
    if ((mask & (mask - 1)) === 0) continue; // one document alone is the `amount` rule
    let sum = 0;
    for (let i = 0; i < pool.length; i++) if (mask & (1 << i)) sum += open(pool[i]!);
    if (sum !== target) continue;
    if (found) return null; // two ways to make it: the user picks
    found = pool.filter((_, i) => mask & (1 << i));
  }
  return found;
}

/**
 * The proposals for `entries` in order (null: no proposal), against the open documents: `invoices`
 * for credits, `received` for debits, each in the entry's currency.
 */
export function proposeMatches(entries: readonly EntryToMatch[], invoices: readonly OpenDocument[], received: readonly OpenDocument[]): (Proposal | null)[] {
  const taken = new Map<string, number>();
  const keyOf = (kind: Proposal['kind'], id: number) => `${kind}:${String(id)}`;
  return entries.map((entry) => {
    const kind: Proposal['kind'] = entry.direction === 'CREDIT' ? 'INVOICE' : 'RECEIVED';
    const open = (d: OpenDocument) => d.openCents - (taken.get(keyOf(kind, d.id)) ?? 0);
    const pool = (kind === 'INVOICE' ? invoices : received)
      .filter((d) => d.currency === entry.currency && open(d) > 0)
      .slice()
      .sort((a, b) => a.issueDate.localeCompare(b.issueDate) || a.id - b.id);
    let chosen: OpenDocument[] = [];
    let reasons: MatchReason[] = [];
    let sure = false;

    const key = referenceKey(entry.referenceNumber);
    if (key) {
      const byReference = pool.filter((d) => referenceKey(d.referenceNumber) === key && (entry.referenceModel === null || d.referenceModel === null || d.referenceModel === entry.referenceModel));
      if (byReference.length === 1) [chosen, reasons, sure] = [byReference, ['reference'], true];
    }
    if (chosen.length === 0 && entry.text) {
      const text = entry.text;
      const byNumber = pool.filter((d) => names(text, d.number));
      if (byNumber.length > 0) [chosen, reasons, sure] = [byNumber, ['number'], true];
    }
    const byParty = (d: OpenDocument): MatchReason | null =>
      entry.counterpartyIban && d.partyIban && entry.counterpartyIban === d.partyIban ? 'iban' : sameParty(entry.counterpartyName, d.partyName) ? 'name' : null;
    if (chosen.length === 0) {
      const exact = pool.filter((d) => open(d) === entry.amountCents && byParty(d) !== null);
      if (exact.length === 1) [chosen, reasons] = [exact, ['amount', byParty(exact[0]!)!]];
    }
    if (chosen.length === 0) {
      const theirs = pool.filter((d) => byParty(d) !== null);
      const subset = exactSubset(theirs, open, entry.amountCents);
      if (subset) [chosen, reasons] = [subset, ['sum', byParty(subset[0]!)!]];
    }
    if (chosen.length === 0) return null;

    // the whole entry, oldest first, each up to what is open; the excess on the last
    let left = entry.amountCents;
    const allocations: Proposal['allocations'] = [];
    for (const d of chosen) {
      if (left === 0) break;
      const amount = Math.min(left, open(d));
      allocations.push({ documentId: d.id, amountCents: amount });
      left -= amount;
    }
    const last = allocations[allocations.length - 1]!;
    last.amountCents += left;
    const overpaidCents = left;
    if (overpaidCents > 0) reasons = [...reasons, 'overpayment'];
    else if (chosen.length === 1 && entry.amountCents < open(chosen[0]!)) reasons = [...reasons, 'partPayment'];
    for (const a of allocations) taken.set(keyOf(kind, a.documentId), (taken.get(keyOf(kind, a.documentId)) ?? 0) + a.amountCents);
    return { kind, allocations, reasons, ticked: sure && overpaidCents === 0, overpaidCents };
  });
}

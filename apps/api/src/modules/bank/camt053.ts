import { DOMParser, type Element, onErrorStopParsing } from '@xmldom/xmldom';
import { isXmlText } from '@faktura/shared';

/*
 * Reads an ISO 20022 bank-to-customer statement (camt.053, the XML statement Croatian banks export for
 * business accounts; versions 001.02 to 001.13 share the elements read here) into its entries (issue
 * 49). Nothing here stores or decides anything: the statement's account, period and id, and for each
 * booked entry (or each transaction of a batch entry) its amount, direction, dates, the other party,
 * the payment reference (model and poziv na broj) and the remittance text.
 *
 * Safety as for received e-invoices (ubl.reader.ts): UTF-8 only, no DTD or entity declaration (no
 * external entity is fetched, none expanded), characters XML cannot carry refused, and any parser
 * error stops it. A statement that cannot be read is refused naming the element and the entry.
 */

export class StatementReadError extends Error {
  constructor(
    /** What is wrong, as a code of the contract's errors (bankStatement…). */
    readonly code: 'bankStatementNotXml' | 'bankStatementNotCamt' | 'bankStatementElement',
    /** The element (its path from the statement) and the entry's position, for the user's message. */
    readonly params: Record<string, string> = {},
  ) {
    super(`${code} ${JSON.stringify(params)}`);
  }
}

export interface StatementEntry {
  /** The bank's own reference of the entry (AcctSvcrRef, else NtryRef, else the transaction's), when it gives one. */
  bankReference: string | null;
  /** 1-based: which entry of the statement, and which transaction of it (1 when it is not a batch). */
  position: { entry: number; transaction: number };
  direction: 'CREDIT' | 'DEBIT';
  /** Positive cents in `currency`. */
  amountCents: number;
  currency: string;
  bookingDate: string;
  valueDate: string | null;
  /** The other party: the payer of a credit, the payee of a debit. */
  counterpartyName: string | null;
  counterpartyIban: string | null;
  /** `HR01`, `HR00`, `HR99`, … and the reference after it, as the payer wrote them (null: none given). */
  referenceModel: string | null;
  referenceNumber: string | null;
  /** The unstructured remittance text (opis plaćanja). */
  text: string | null;
  endToEndId: string | null;
}

export interface Statement {
  /** The namespace's message version, e.g. `camt.053.001.02`. */
  version: string;
  statementId: string | null;
  iban: string | null;
  currency: string | null;
  from: string | null;
  to: string | null;
  entries: StatementEntry[];
}

const MAX_ENTRIES = 20_000;

function children(parent: Element, name: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).localName === name) found.push(node as Element);
  }
  return found;
}
function child(parent: Element | undefined, ...path: string[]): Element | undefined {
  let at = parent;
  for (const name of path) {
    if (!at) return undefined;
    at = children(at, name)[0];
  }
  return at;
}
function text(parent: Element | undefined, ...path: string[]): string | null {
  const found = child(parent, ...path);
  const value = found?.textContent?.trim();
  return value ? value.replace(/\s+/g, ' ') : null;
}
/** `2026-11-03` from a `Dt` or the day of a `DtTm`. */
function day(parent: Element | undefined): string | null {
  const value = text(parent, 'Dt') ?? text(parent, 'DtTm')?.slice(0, 10) ?? null;
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

/** Cents of an ISO 20022 amount (`1234.5`, at most two decimals, positive). */
function cents(value: string | null): number | null {
  if (value === null || !/^\d{1,15}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** `HR01 1234-2026`, `HR011234-2026`, `HR00 12-1-1` → model and number; another text → no model. */
export function splitReference(value: string | null): { model: string | null; number: string | null } {
  if (!value) return { model: null, number: null };
  const compact = value.replace(/\s+/g, ' ').trim();
  const match = /^(HR\d{2})\s?(.*)$/i.exec(compact);
  if (!match) return { model: null, number: compact };
  const number = (match[2] ?? '').trim();
  return { model: match[1]!.toUpperCase(), number: number || null };
}

export function readCamt053(bytes: Buffer): Statement {
  let source = bytes.toString('utf8');
  if (source.charCodeAt(0) === 0xfeff) source = source.slice(1);
  if (!Buffer.from(source, 'utf8').equals(bytes.subarray(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0))) {
    throw new StatementReadError('bankStatementNotXml', { detail: 'UTF-8' });
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(source)) throw new StatementReadError('bankStatementNotXml', { detail: 'DTD' });
  if (!isXmlText(source)) throw new StatementReadError('bankStatementNotXml', { detail: 'characters' });
  let root: Element | null;
  try {
    root = new DOMParser({ onError: onErrorStopParsing }).parseFromString(source, 'text/xml').documentElement;
  } catch {
    throw new StatementReadError('bankStatementNotXml', { detail: 'XML' });
  }
  const version = /camt\.053\.\d{3}\.\d{2}/.exec(root?.namespaceURI ?? '')?.[0];
  if (!root || root.localName !== 'Document' || !version) throw new StatementReadError('bankStatementNotCamt');
  const report = child(root, 'BkToCstmrStmt');
  const statements = report ? children(report, 'Stmt') : [];
  if (statements.length === 0) throw new StatementReadError('bankStatementElement', { element: 'BkToCstmrStmt/Stmt', entry: '' });
  if (statements.length > 1) throw new StatementReadError('bankStatementElement', { element: 'BkToCstmrStmt/Stmt (1)', entry: '' });
  const stmt = statements[0]!;
  const entries: StatementEntry[] = [];
  const ntries = children(stmt, 'Ntry');
  if (ntries.length > MAX_ENTRIES) throw new StatementReadError('bankStatementElement', { element: `Ntry (≤ ${String(MAX_ENTRIES)})`, entry: '' });
  ntries.forEach((ntry, index) => {
    const entry = index + 1;
    const fail = (element: string): never => {
      throw new StatementReadError('bankStatementElement', { element: `Ntry/${element}`, entry: String(entry) });
    };
    // only booked entries are on the statement for good (pending and informational ones may change)
    const status = text(ntry, 'Sts', 'Cd') ?? text(ntry, 'Sts');
    if (status !== null && status !== 'BOOK') return;
    const amountElement = child(ntry, 'Amt');
    const amount = cents(text(ntry, 'Amt'));
    if (amount === null || amount === 0) fail('Amt');
    const currency = amountElement?.getAttribute('Ccy') ?? '';
    if (!/^[A-Z]{3}$/.test(currency)) fail('Amt/@Ccy');
    const indicator = text(ntry, 'CdtDbtInd');
    if (indicator !== 'CRDT' && indicator !== 'DBIT') fail('CdtDbtInd');
    const direction = indicator === 'CRDT' ? 'CREDIT' : 'DEBIT';
    const bookingDate = day(child(ntry, 'BookgDt')) ?? day(child(ntry, 'ValDt'));
    if (!bookingDate) fail('BookgDt');
    const valueDate = day(child(ntry, 'ValDt'));
    const entryReference = text(ntry, 'AcctSvcrRef') ?? text(ntry, 'NtryRef');
    const details = child(ntry, 'NtryDtls');
    const transactions = details ? children(details, 'TxDtls') : [];
    const batch = transactions.length > 1;
    (transactions.length > 0 ? transactions : [undefined]).forEach((tx, txIndex) => {
      let txAmount = amount!;
      let txCurrency = currency;
      if (batch) {
        const own = child(tx, 'AmtDtls', 'TxAmt', 'Amt') ?? child(tx, 'Amt');
        const value = cents(own?.textContent?.trim() ?? null);
        if (value === null || value === 0) fail(`NtryDtls/TxDtls[${String(txIndex + 1)}]/Amt`);
        txAmount = value!;
        txCurrency = own?.getAttribute('Ccy') || currency;
      }
      const parties = child(tx, 'RltdPties');
      const other = direction === 'CREDIT' ? 'Dbtr' : 'Cdtr';
      const name = text(parties, other, 'Nm') ?? text(parties, other, 'Pty', 'Nm') ?? text(parties, `Ultmt${other}`, 'Nm');
      const iban = text(parties, `${other}Acct`, 'Id', 'IBAN')?.replace(/\s+/g, '').toUpperCase() ?? null;
      const remittance = child(tx, 'RmtInf');
      const structured = remittance ? children(remittance, 'Strd') : [];
      const creditorReference = structured.map((s) => text(s, 'CdtrRefInf', 'Ref')).find((r) => r !== null) ?? null;
      const creditorModel = structured.map((s) => text(s, 'CdtrRefInf', 'Tp', 'CdOrPrtry', 'Prtry') ?? text(s, 'CdtrRefInf', 'Tp', 'CdOrPrtry', 'Cd')).find((r) => r !== null) ?? null;
      const unstructured = remittance ? children(remittance, 'Ustrd').map((u) => u.textContent?.trim() ?? '').filter(Boolean).join(' ') : '';
      let reference = splitReference(creditorReference);
      if (reference.model === null && creditorModel && /^HR\d{2}$/i.test(creditorModel)) reference = { model: creditorModel.toUpperCase(), number: reference.number };
      const bankReference = (batch ? text(tx, 'Refs', 'AcctSvcrRef') ?? (entryReference ? `${entryReference}/${String(txIndex + 1)}` : null) : entryReference ?? text(tx, 'Refs', 'AcctSvcrRef')) ?? null;
      entries.push({
        bankReference,
        position: { entry, transaction: txIndex + 1 },
        direction,
        amountCents: txAmount,
        currency: txCurrency,
        bookingDate: bookingDate!,
        valueDate,
        counterpartyName: name,
        counterpartyIban: iban,
        referenceModel: reference.model,
        referenceNumber: reference.number,
        text: unstructured ? unstructured.replace(/\s+/g, ' ') : null,
        endToEndId: text(tx, 'Refs', 'EndToEndId'),
      });
    });
  });
  return {
    version,
    statementId: text(stmt, 'Id'),
    iban: text(stmt, 'Acct', 'Id', 'IBAN')?.replace(/\s+/g, '').toUpperCase() ?? null,
    currency: text(stmt, 'Acct', 'Ccy'),
    from: text(stmt, 'FrToDt', 'FrDtTm')?.slice(0, 10) ?? null,
    to: text(stmt, 'FrToDt', 'ToDtTm')?.slice(0, 10) ?? null,
    entries,
  };
}

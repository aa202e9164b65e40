import { create } from 'xmlbuilder2';

/**
 * camt.053 statements as Croatian banks export them for business accounts (ISO 20022
 * BankToCustomerStatement), made by the tests: one statement of an account with its booked entries,
 * each with the other party, the structured reference (HR01 1234-2026 in CdtrRefInf) and the
 * remittance text; a batch entry holds several transactions.
 */
export interface SampleTransaction {
  amount?: string;
  name?: string;
  iban?: string;
  reference?: string;
  referenceType?: string;
  text?: string;
  endToEndId?: string;
  reference2?: string;
}
export interface SampleEntry extends SampleTransaction {
  amount: string;
  currency?: string;
  direction: 'CRDT' | 'DBIT';
  booked?: string;
  value?: string;
  status?: string;
  bankReference?: string;
  /** A batch: the entry's transactions (each with its own amount). */
  transactions?: SampleTransaction[];
}

export function camt053(entries: SampleEntry[], options: { version?: string; iban?: string; id?: string; from?: string; to?: string } = {}): Buffer {
  const version = options.version ?? '001.02';
  const doc = create({ version: '1.0', encoding: 'UTF-8' }).ele(`urn:iso:std:iso:20022:tech:xsd:camt.053.${version}`, 'Document');
  const stmt = doc.ele('BkToCstmrStmt');
  stmt.ele('GrpHdr').ele('MsgId').txt('MSG-1').up().ele('CreDtTm').txt('2026-12-01T07:00:00').up();
  const s = stmt.ele('Stmt');
  s.ele('Id').txt(options.id ?? 'IZV-2026-230');
  s.ele('CreDtTm').txt('2026-12-01T07:00:00');
  s.ele('FrToDt').ele('FrDtTm').txt(`${options.from ?? '2026-11-30'}T00:00:00`).up().ele('ToDtTm').txt(`${options.to ?? '2026-11-30'}T23:59:59`);
  s.ele('Acct').ele('Id').ele('IBAN').txt(options.iban ?? 'HR1723600001101234565').up().up().ele('Ccy').txt('EUR');
  for (const e of entries) {
    const n = s.ele('Ntry');
    if (e.bankReference) n.ele('NtryRef').txt(e.bankReference);
    n.ele('Amt', { Ccy: e.currency ?? 'EUR' }).txt(e.amount);
    n.ele('CdtDbtInd').txt(e.direction);
    n.ele('Sts').txt(e.status ?? 'BOOK');
    n.ele('BookgDt').ele('Dt').txt(e.booked ?? '2026-11-30');
    n.ele('ValDt').ele('Dt').txt(e.value ?? e.booked ?? '2026-11-30');
    if (e.bankReference) n.ele('AcctSvcrRef').txt(e.bankReference);
    n.ele('BkTxCd').ele('Prtry').ele('Cd').txt('PMNT');
    const details = n.ele('NtryDtls');
    for (const tx of e.transactions ?? [e]) {
      const t = details.ele('TxDtls');
      const refs = t.ele('Refs');
      if (tx.endToEndId) refs.ele('EndToEndId').txt(tx.endToEndId);
      if (e.transactions && tx.amount) t.ele('AmtDtls').ele('TxAmt').ele('Amt', { Ccy: e.currency ?? 'EUR' }).txt(tx.amount);
      const party = e.direction === 'CRDT' ? 'Dbtr' : 'Cdtr';
      const parties = t.ele('RltdPties');
      if (tx.name) parties.ele(party).ele('Nm').txt(tx.name);
      if (tx.iban) parties.ele(`${party}Acct`).ele('Id').ele('IBAN').txt(tx.iban);
      if (tx.reference || tx.text) {
        const rmt = t.ele('RmtInf');
        if (tx.text) rmt.ele('Ustrd').txt(tx.text);
        if (tx.reference) {
          const ref = rmt.ele('Strd').ele('CdtrRefInf');
          if (tx.referenceType) ref.ele('Tp').ele('CdOrPrtry').ele('Prtry').txt(tx.referenceType);
          ref.ele('Ref').txt(tx.reference);
        }
      }
    }
  }
  return Buffer.from(doc.end({ prettyPrint: true }), 'utf8');
}

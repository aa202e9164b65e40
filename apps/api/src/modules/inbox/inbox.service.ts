import { createHash } from 'node:crypto';
import {
  type ApiError,
  type ErrorCode,
  type ImportAnswer,
  type ImportResult,
  type InboxAttention,
  type Language,
  type ReceivedDocument,
  type ReceivedFlag,
  type ReceivedListResponse,
  type ReceivedListRow,
  type ReceivedValidation,
  type receivedListQuerySchema,
  addWorkingDays,
  buildHub3Payload,
  isValidIban,
  todayInZagreb,
  translate,
} from '@faktura/shared';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { isUniqueViolation } from '../../db/dialect';
import { AppError } from '../../http/errors';
import { type Actor, record } from '../audit';
import { getIssuer } from '../issuer';
import { cachedCode } from '../invoice';
import { getFiscalSettings, queueReceived } from '../fiscalization';
import { foreignSupplier } from './inbox.fiscal';
import { originalFileName } from './inbox.names';
import { supplierIdByOib, supplierRecord } from '../company';
import { receivedPayments } from './inbox.payments';
import { rejectionOf } from './inbox.rejection';
import { toReport as rejectionsToReport } from './rejection.repository';
import * as repo from './inbox.repository';
import { type ReadDocument, UblReadError, readUbl, supplierKeyOf } from './ubl.reader';

export interface InboxDeps {
  db: Db;
  secret: Uint8Array;
  /** Years a received document is kept at least, counted from the end of its year of issue. */
  retentionYears?: number;
  now?: () => Date;
}

/**
 * Bookkeeping documents on which the ledger is based are kept at least 11 years (Zakon o
 * računovodstvu čl. 10); the e-invoice itself at least 6 (ZoF čl. 35). The longer one is the default
 * and the floor (decision 036).
 */
export const MIN_RETENTION_YEARS = 11;
/** Five working days after the day of receipt (ZoF čl. 48 st. 4). */
export const FISCAL_DAYS = 5;

/** What comes in: one XML document's bytes, where it came from. */
export interface IncomingDocument {
  bytes: Buffer;
  fileName: string | null;
  source: 'INTERMEDIARY' | 'IMPORT';
  provider: string | null;
  providerDocumentId: string | null;
}

export type KeepOutcome =
  | { outcome: 'IMPORTED'; id: number; read: ReadDocument; flags: ReceivedFlag[] }
  | { outcome: 'DUPLICATE'; id: number; number: string; supplierName: string }
  | { outcome: 'REFUSED'; code: ErrorCode; params: Record<string, string> };

/** What keeping a document needs to know once per batch: our own OIB, who fiscalizes. */
export interface KeepContext {
  ownOib: string | null;
  fiscalStatus: 'PENDING' | 'BY_INTERMEDIARY';
}

export async function keepContext(deps: InboxDeps): Promise<KeepContext> {
  const [issuer, fiscal] = await Promise.all([getIssuer(deps.db), getFiscalSettings(deps)]);
  return { ownOib: issuer?.oib ?? null, fiscalStatus: fiscal.mode === 'INTERMEDIARY' ? 'BY_INTERMEDIARY' : 'PENDING' };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Keeps one received document, once: read, checked for a twin (the intermediary's id, or supplier +
 * number + year), then its row, its bytes and the audit entry in one transaction. A twin written by
 * another request at the same moment is found by the unique index and answered as a duplicate.
 */
export async function keepDocument(deps: InboxDeps, incoming: IncomingDocument, ctx: KeepContext, actor: Actor): Promise<KeepOutcome> {
  const file = incoming.fileName ?? incoming.providerDocumentId ?? 'document';
  let read: ReadDocument;
  try {
    read = readUbl(incoming.bytes, file);
  } catch (error) {
    if (error instanceof UblReadError) return { outcome: 'REFUSED', code: error.code, params: error.params };
    throw error;
  }
  const supplierKey = supplierKeyOf(read);
  const issueYear = Number(read.issueDate.slice(0, 4));
  const identity = { provider: incoming.provider, providerDocumentId: incoming.providerDocumentId, supplierKey, number: read.number, issueYear };
  const twin = await repo.findSame(deps.db, identity);
  if (twin) return { outcome: 'DUPLICATE', id: twin.id, number: twin.number, supplierName: twin.supplier_name };

  const flags = new Set<ReceivedFlag>(read.flags);
  if (ctx.ownOib && read.buyer.oib !== ctx.ownOib) flags.add('otherRecipient');
  if (read.documentType === 'CREDIT_NOTE') {
    const numbers = read.billingReferences.map((r) => r.number);
    const found = await repo.bySupplierNumbers(deps.db, supplierKey, numbers);
    if (found.length === 0) flags.add('creditedNotInInbox');
  }
  const now = deps.now?.() ?? new Date();
  const receivedOn = todayInZagreb(now);
  const retention = Math.max(deps.retentionYears ?? MIN_RETENTION_YEARS, MIN_RETENTION_YEARS);
  const hash = sha256(incoming.bytes);
  const row: repo.NewReceivedRow = {
    source: incoming.source,
    provider: incoming.provider,
    provider_document_id: incoming.providerDocumentId,
    document_type: read.documentType,
    type_code: read.typeCode,
    number: read.number,
    issue_date: read.issueDate,
    issue_year: issueYear,
    due_date: read.dueDate,
    currency: read.currency,
    supplier_key: supplierKey,
    supplier_oib: read.supplier.oib,
    supplier_name: read.supplier.name,
    buyer_oib: read.buyer.oib,
    net_cents: read.taxExclusiveCents,
    vat_cents: read.vatCents,
    total_cents: read.totalCents,
    payable_cents: read.payableCents,
    state: 'RECEIVED',
    // a supplier abroad without an OIB sent no Croatian e-invoice: nothing to fiscalize as received
    fiscal_status: foreignSupplier(read) ? 'NOT_REQUIRED' : ctx.fiscalStatus,
    fiscal_deadline: addWorkingDays(receivedOn, FISCAL_DAYS),
    validation_status: 'PENDING',
    validation_report: null,
    validated_at: null,
    flags: [...flags].join(','),
    search_text: [read.number, read.supplier.name, read.supplier.oib ?? ''].join(' ').toLowerCase(),
    file_name: incoming.fileName,
    sha256: hash,
    byte_size: incoming.bytes.length,
    received_at: now.toISOString(),
    received_on: receivedOn,
    retained_until: `${issueYear + retention}-12-31`,
  };
  try {
    const id = await deps.db.transaction().execute(async (trx) => {
      const newId = await repo.insertDocument(trx, row, incoming.bytes);
      // the supplier's record, found or made by OIB (decision 039)
      await supplierRecord(trx, read.supplier, actor, newId);
      // fiscalized as received through the fiscalization outbox, while Faktura fiscalizes (decision 038)
      if (row.fiscal_status === 'PENDING') await queueReceived(trx, newId, row.fiscal_deadline, now);
      await record(trx, actor, {
        action: 'inbox.received',
        details: { receivedId: newId, number: read.number, supplier: read.supplier.name, supplierOib: read.supplier.oib, sha256: hash, source: incoming.source, ...(incoming.providerDocumentId ? { providerDocumentId: incoming.providerDocumentId } : {}) },
      });
      return newId;
    });
    return { outcome: 'IMPORTED', id, read, flags: [...flags] };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const taken = await repo.findSame(deps.db, identity);
    if (!taken) throw error;
    return { outcome: 'DUPLICATE', id: taken.id, number: taken.number, supplierName: taken.supplier_name };
  }
}

/** A file's outcome as the import answers it, its reason in the reader's language. */
export function resultOf(file: string, kept: KeepOutcome, language: Language): ImportResult {
  switch (kept.outcome) {
    case 'IMPORTED':
      return { file, outcome: 'IMPORTED', id: kept.id, number: kept.read.number, supplierName: kept.read.supplier.name, code: null, reason: null, flags: kept.flags };
    case 'DUPLICATE':
      return {
        file, outcome: 'DUPLICATE', id: kept.id, number: kept.number, supplierName: kept.supplierName, code: 'inboxDuplicate',
        reason: translate(language, 'errors.inboxDuplicate', { number: kept.number, supplier: kept.supplierName }), flags: [],
      };
    case 'REFUSED':
      return { file, outcome: 'REFUSED', id: null, number: null, supplierName: null, code: kept.code, reason: translate(language, `errors.${kept.code}`, kept.params), flags: [] };
  }
}

/** Every file refused: 400 with one error per file (its name the field), nothing kept. */
export class ImportRefused extends AppError {
  constructor(readonly results: ImportResult[]) {
    super(results[0]?.code ?? 'inboxNoFiles');
  }
  override toApiErrors(): ApiError[] {
    return this.results.map((r) => ({ reason: r.reason ?? '', code: r.code ?? 'badRequest', field: r.file }));
  }
}

export function summarise(results: ImportResult[]): ImportAnswer {
  const count = (outcome: ImportResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
  const answer = { imported: count('IMPORTED'), duplicates: count('DUPLICATE'), refused: count('REFUSED'), results };
  if (results.length > 0 && answer.refused === results.length) throw new ImportRefused(results);
  return answer;
}

const flagsOf = (text: string): ReceivedFlag[] => (text ? (text.split(',') as ReceivedFlag[]) : []);

function listRow(row: repo.ReceivedListRowDb): ReceivedListRow {
  return {
    id: Number(row.id),
    documentType: row.document_type as ReceivedListRow['documentType'],
    typeCode: row.type_code,
    number: row.number,
    supplierName: row.supplier_name,
    supplierOib: row.supplier_oib,
    issueDate: row.issue_date,
    dueDate: row.due_date,
    currency: row.currency,
    totalCents: Number(row.total_cents),
    vatCents: Number(row.vat_cents),
    payableCents: Number(row.payable_cents),
    paidCents: Number(row.paid_cents),
    state: row.state as ReceivedListRow['state'],
    fiscalStatus: row.fiscal_status as ReceivedListRow['fiscalStatus'],
    fiscalDeadline: row.fiscal_deadline,
    validation: row.validation_status as ReceivedListRow['validation'],
    flags: flagsOf(row.flags),
    source: row.source as ReceivedListRow['source'],
    receivedAt: row.received_at,
  };
}

export async function listReceived(db: Db, query: z.output<typeof receivedListQuerySchema>): Promise<ReceivedListResponse> {
  const filter = { year: query.year, q: query.q, state: query.state, fiscalStatus: query.fiscalStatus, supplier: query.supplier };
  const [{ rows, total }, allYears] = await Promise.all([repo.listPage(db, filter, query.page, query.pageSize), repo.years(db)]);
  return {
    data: rows.map(listRow),
    filters: [
      { key: 'year', facets: allYears.map((y) => ({ value: String(y), isSelected: query.year === y })) },
      { key: 'state', facets: ['RECEIVED', 'PAID', 'REJECTED'].map((s) => ({ value: s, isSelected: query.state === s })) },
    ],
    page: { page: query.page, pageSize: query.pageSize, total },
  };
}

async function stored(db: Db, id: number): Promise<{ row: repo.ReceivedRow; bytes: Buffer }> {
  const row = await repo.findById(db, id);
  const bytes = row ? await repo.bytesOf(db, id) : undefined;
  if (!row || !bytes) throw new AppError('inboxNotFound');
  return { row, bytes };
}

function validationOf(row: repo.ReceivedRow): ReceivedValidation {
  let report = { xsd: [] as string[], en16931: [] as string[], hrCius: [] as string[] };
  if (row.validation_report) {
    try {
      report = { ...report, ...(JSON.parse(row.validation_report) as typeof report) };
    } catch {
      // an unreadable report reads as none; the status stays what was stored
    }
  }
  return { status: row.validation_status as ReceivedValidation['status'], ...report, checkedAt: row.validated_at };
}

/** One received document, read again from its original bytes. */
export async function getReceived(db: Db, id: number, language: Language = 'hr'): Promise<ReceivedDocument> {
  const { row, bytes } = await stored(db, id);
  const read = readUbl(bytes, row.file_name ?? String(id));
  const supplierKey = row.supplier_key;
  const refs = await repo.bySupplierNumbers(db, supplierKey, read.billingReferences.map((r) => r.number));
  return {
    ...listRow(row),
    issueTime: read.issueTime,
    supplier: read.supplier,
    buyer: read.buyer,
    supplierContact: read.supplierContact,
    lines: read.lines,
    vatBreakdown: read.vatBreakdown,
    totals: read.totals,
    payment: read.payment,
    deliveryDate: read.deliveryDate,
    period: read.period,
    notes: read.notes,
    buyerReference: read.buyerReference,
    orderReference: read.orderReference,
    contractReference: read.contractReference,
    billingReferences: read.billingReferences.map((r) => ({ ...r, inboxId: refs.find((f) => f.number === r.number)?.id ?? null })),
    attachments: read.attachments.map(({ base64: _base64, ...attachment }) => attachment),
    sha256: row.sha256,
    byteSize: Number(row.byte_size),
    validationReport: validationOf(row),
    providerDocumentId: row.provider_document_id,
    retainedUntil: row.retained_until,
    payments: await receivedPayments(db, id, row.currency),
    supplierCompanyId: row.supplier_oib ? ((await supplierIdByOib(db, row.supplier_oib)) ?? null) : null,
    rejection: await rejectionOf({ db }, id, language, row.fiscal_status),
  };
}

/** The original bytes and a file name for the download. */
export async function originalXml(db: Db, id: number): Promise<{ bytes: Buffer; fileName: string }> {
  const { row, bytes } = await stored(db, id);
  return { bytes, fileName: originalFileName(row.supplier_oib, row.number) };
}

/** An embedded PDF (the supplier's own copy), by its place among the attachments. */
export async function attachmentPdf(db: Db, id: number, index: number): Promise<{ bytes: Buffer; fileName: string }> {
  const { row, bytes } = await stored(db, id);
  const found = readUbl(bytes, row.file_name ?? String(id)).attachments.find((a) => a.index === index && a.mimeCode.toLowerCase() === 'application/pdf');
  if (!found) throw new AppError('inboxAttachmentNotFound');
  const pdf = Buffer.from(found.base64, 'base64');
  const name = (found.fileName ?? `${row.number}.pdf`).replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120);
  return { bytes: pdf, fileName: name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf` };
}


/** What `npm run audit -- verify` found of the received originals. */
export interface OriginalsCheck {
  /** Documents whose bytes still hash to the SHA-256 recorded when they were received. */
  intact: number;
  /** Each one that does not (or whose bytes are gone), with what is wrong, in English (a CLI's output). */
  broken: { id: number; problem: string }[];
}

/**
 * Re-reads every received original and checks it against the SHA-256 and size recorded when it was
 * kept (issue 46: kept as it came, ZoF čl. 35), a batch at a time so tens of thousands of documents
 * never sit in memory at once.
 */
export async function verifyOriginals(db: Db, batch = 200): Promise<OriginalsCheck> {
  const result: OriginalsCheck = { intact: 0, broken: [] };
  for (let after = 0; ; ) {
    const rows = await repo.hashesAfter(db, after, batch);
    if (rows.length === 0) return result;
    for (const row of rows) {
      if (!row.bytes) result.broken.push({ id: row.id, problem: 'its original bytes are missing' });
      else if (row.bytes.length !== row.byte_size)
        result.broken.push({ id: row.id, problem: `its original is ${String(row.bytes.length)} bytes, ${String(row.byte_size)} were received` });
      else if (sha256(row.bytes) !== row.sha256) result.broken.push({ id: row.id, problem: `its original no longer matches SHA-256 ${row.sha256}` });
      else result.intact++;
    }
    after = rows[rows.length - 1]!.id;
  }
}

/**
 * The HUB-3A code (PDF417) a Croatian banking app scans to pay what is still open of a received
 * invoice: the user pays, the supplier receives, with the supplier's IBAN, model and reference as
 * the supplier wrote them. Only for an invoice (not a credit note) in euro with an IBAN and something
 * still to pay; otherwise `inboxNoPaymentCode`.
 */
export async function paymentCodePng(db: Db, id: number): Promise<Buffer> {
  const doc = await getReceived(db, id);
  const open = doc.payableCents - doc.paidCents;
  const iban = doc.payment.iban?.replace(/\s+/g, '').toUpperCase() ?? '';
  if (doc.documentType !== 'INVOICE' || doc.state === 'REJECTED' || doc.currency !== 'EUR' || open <= 0 || !isValidIban(iban))
    throw new AppError('inboxNoPaymentCode');
  const place = (address: ReceivedDocument['supplier']['address']) => [address.postcode, address.city].filter(Boolean).join(' ');
  const model = /^HR\d{2}$/.test(doc.payment.model ?? '') ? doc.payment.model! : 'HR99';
  const payload = buildHub3Payload({
    amountCents: open,
    payer: { name: doc.buyer.name, street: doc.buyer.address.street ?? '', place: place(doc.buyer.address) },
    recipient: { name: doc.supplier.name, street: doc.supplier.address.street ?? '', place: place(doc.supplier.address) },
    iban,
    model,
    reference: model === 'HR99' ? '' : (doc.payment.reference ?? ''),
    description: `Racun ${doc.number}`,
  });
  return cachedCode('HUB3', payload);
}

/** The dashboard's warning: deadlines to fiscalize received e-invoices passed or within two working days, and refusals. */
export async function inboxAttention(db: Db, today = todayInZagreb()): Promise<Omit<InboxAttention, 'fetch'>> {
  const [counts, rejections] = await Promise.all([repo.attentionCounts(db, today, addWorkingDays(today, 2)), rejectionsToReport(db)]);
  return { ...counts, rejectionsToReport: rejections.count, rejectionsDeadline: rejections.deadline };
}

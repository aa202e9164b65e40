import { randomInt } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { loadValidators, validateEInvoice } from '../einvoice/validate';
import { HttpsDouble } from '../fiscalization/httpsDouble';
import type { TestIdentity } from '../fiscalization/pki';

/**
 * A double of moj-eRačun's API v2 (manual.moj-eracun.hr, "API specification") over HTTPS with a
 * certificate of the test CA: `GET /apis/v2/Ping/`, `POST /apis/v2/send`, `POST /apis/v2/queryOutbox`,
 * each with the request and answer shapes of the manual. It checks the five identifying fields
 * against its one account, parses the UBL sent in `File` and validates it with the project's own
 * validators (UBL XSD, EN 16931, HR CIUS), keeps each document it accepted with an ElectronicId and
 * a status the test moves on (`deliver`, `reject`), and can refuse every document (`refuseAll`),
 * answer 500 (`failing`) or go down (`stop`). `POST /api/fiscalization/statusOutbox` says where a
 * document's fiscalization stands (`fiscalize`, `failFiscalization`; in progress until then), and a
 * buyer listed in `notInAms` is not delivered through the exchange but eReported (channelType 1), as
 * MER's status guide describes. `loseNextAnswer` takes the next document and answers 504, as a
 * gateway whose backend did the work; the outbox query by `From`/`To` finds it by its `DocumentNr`.
 *
 * The buyer's answer (issue 47): `rejectByBuyer` makes the buyer reject a delivered document with a
 * reason type and text; `POST /apis/v2/queryDocumentProcessStatusOutbox` lists the process status by
 * `ElectronicId`, or by `From`/`To` on the day it changed (`ByUpdateDate`), the reason in
 * `RejectReason` ("U: …", as decision 041 reads it) and `businessStatusReason` in statusOutbox.
 *
 * The receiving side (issue 46): `inbox` holds documents suppliers sent the account (`toInbox`),
 * listed by `POST /apis/v2/queryInbox` (by `From`/`To` on the day sent, with `Imported`), handed
 * over byte for byte by `POST /apis/v2/receive`, marked imported by `POST /apis/v2/notifyimport/{id}`,
 * and their fiscalization as received (when MER fiscalizes for the user) said by
 * `POST /api/fiscalization/statusInbox` (`fiscalizeReceived`, `failReceivedFiscalization`). A download
 * can fail (`downloadFailing`), as can the telling (`notifyFailing`); `downloads` counts them.
 *
 * The user's rejection of a received document (decision 042): `POST /api/fiscalization/reject`
 * (by `ElectronicId`, which must be a document of its inbox), `POST /api/fiscalization/rejectWithoutElectronicID`
 * (by `InternalMark`, `IssueDate`, `SenderIdentifierValue`, `RecipientIdentifierValue`) and
 * `POST /apis/v2/UpdateDokumentProcessStatus` (`ElectronicId`, `StatusId` 1, `RejectReason`) are
 * recorded in `rejections`; each checks its fields, and `refuseRejections` makes them answer 400 with
 * those words (`refuseProcessStatus` only the process status update) (`failing` answers 500, `stop` takes it down).
 */
export interface MerRejectionCall {
  path: string;
  request: Record<string, unknown>;
}
export interface MerAccount {
  username: string;
  password: string;
  companyId: string;
  softwareId: string;
}

export interface MerDocument {
  electronicId: number;
  xml: string;
  statusId: number;
  statusName: string;
  documentNr: string;
  /** The buyer's OIB (BT-48 without HR, else the party's id). */
  buyer: string;
  created: string;
  /** 0 fiscalized, 1 refused, 2 in progress (MER's statusOutbox). */
  fiscalStatus: 0 | 1 | 2;
  fiscalError: { code: string; text: string } | null;
  channelType: 0 | 1;
  /** The buyer's answer (0 approved, 1 rejected, …), null: none yet; with its reason and when. */
  processStatus: { id: number; reason: string | null; updated: string } | null;
}

export interface MerInboxDocument {
  electronicId: number;
  bytes: Buffer;
  documentNr: string;
  senderOib: string;
  senderName: string;
  statusId: number;
  /** yyyy-MM-ddTHH:mm:ss, the day it was sent is what From/To compare. */
  sent: string;
  imported: boolean;
  fiscalStatus: 0 | 1 | 2;
  fiscalError: { code: string; text: string } | null;
}

const json = (status: number, value: unknown) => ({ status, body: JSON.stringify(value), contentType: 'application/json; charset=utf-8' });

export class MerDouble extends HttpsDouble {
  readonly documents: MerDocument[] = [];
  readonly requests: { path: string; body: string }[] = [];
  failing = false;
  refuseAll: string | null = null;
  /** Buyers' OIBs without an address in the address book: their documents are eReported. */
  readonly notInAms = new Set<string>();
  /** Take the next document, then answer 504 as if the answer was lost on the way. */
  loseNextAnswer = false;
  /** Answer 404 to the fiscalization status query (an account or API without it). */
  noFiscalStatus = false;
  /** Skip the (slow) validation of the UBL, for tests about something else. */
  validate = true;
  private nextId = 3239400;
  readonly inbox: MerInboxDocument[] = [];
  /** Inbox documents whose download answers 500. */
  readonly downloadFailing = new Set<number>();
  /** The telling after a document was taken answers 500. */
  notifyFailing = false;
  /** How many times each inbox document was downloaded. */
  readonly downloads = new Map<number, number>();
  // ElectronicIds are unique across moj-eRačun: each double starts its received documents at a random
  // hundred, so journeys sharing one server and database never reuse an id (a document is kept once per id)
  private nextInboxId = 7_000_000 + randomInt(0, 20_000) * 100;
  /** The rejections it took (decision 042), in order. */
  readonly rejections: MerRejectionCall[] = [];
  /** Refuse every rejection with these words (400). */
  refuseRejections: string | null = null;
  /** Refuse only the process status update (the supplier's side) with these words (400). */
  refuseProcessStatus: string | null = null;

  /** A supplier sends the account a document (its number and sender read from the UBL). */
  toInbox(bytes: Buffer, options: { sent?: string; statusId?: number } = {}): number {
    const xml = bytes.toString('utf8');
    const supplier = /<cac:AccountingSupplierParty>[\s\S]*?<\/cac:AccountingSupplierParty>/.exec(xml)?.[0] ?? '';
    const document: MerInboxDocument = {
      electronicId: this.nextInboxId++,
      bytes,
      documentNr: /<cbc:ID>([^<]+)<\/cbc:ID>/.exec(xml)?.[1] ?? '',
      senderOib: /<cbc:CompanyID>(?:HR)?(\d{11})<\/cbc:CompanyID>/.exec(supplier)?.[1] ?? '',
      senderName: /<cbc:RegistrationName>([^<]+)</.exec(supplier)?.[1] ?? '',
      statusId: options.statusId ?? 30,
      sent: options.sent ?? new Date().toISOString().slice(0, 19),
      imported: false,
      fiscalStatus: 2,
      fiscalError: null,
    };
    this.inbox.push(document);
    return document.electronicId;
  }

  fiscalizeReceived(electronicId: number): void {
    Object.assign(this.inboxDocument(electronicId), { fiscalStatus: 0, fiscalError: null });
  }

  failReceivedFiscalization(electronicId: number, code: string, text: string): void {
    Object.assign(this.inboxDocument(electronicId), { fiscalStatus: 1, fiscalError: { code, text } });
  }

  private inboxDocument(electronicId: number): MerInboxDocument {
    const document = this.inbox.find((d) => d.electronicId === electronicId);
    if (!document) throw new Error(`no inbox document ${electronicId}`);
    return document;
  }

  constructor(tls: TestIdentity, readonly account: MerAccount) {
    super(tls);
  }

  get url(): string {
    return `https://localhost:${this.port}`;
  }

  /**
   * Listens with the validators compiled already. Compiling them (once per checkout, tens of seconds
   * on a busy machine) inside the first document's request, in the process the app runs in, outlasted
   * the app's 20 s timeout: the app saw no answer and kept the document PENDING, a test failing
   * only when it happened to validate first on a loaded machine.
   */
  override async start(): Promise<void> {
    if (this.validate) await loadValidators();
    await super.start();
  }

  deliver(electronicId: number): void {
    this.move(electronicId, 40, 'Dostavljen');
  }

  /** The buyer rejects a delivered document: the reason type (N, U, O) and text, as its software writes them. */
  rejectByBuyer(electronicId: number, type: 'N' | 'U' | 'O', reason: string, updated = new Date().toISOString()): void {
    this.find(electronicId).processStatus = { id: 1, reason: `${type}: ${reason}`, updated };
  }

  reject(electronicId: number, reason = 'Odbijen'): void {
    this.move(electronicId, 45, reason);
  }

  fiscalize(electronicId: number): void {
    Object.assign(this.find(electronicId), { fiscalStatus: 0, fiscalError: null });
  }

  failFiscalization(electronicId: number, code: string, text: string): void {
    Object.assign(this.find(electronicId), { fiscalStatus: 1, fiscalError: { code, text } });
  }

  private find(electronicId: number): MerDocument {
    const document = this.documents.find((d) => d.electronicId === electronicId);
    if (!document) throw new Error(`no document ${electronicId}`);
    return document;
  }

  private move(electronicId: number, statusId: number, statusName: string): void {
    Object.assign(this.find(electronicId), { statusId, statusName });
  }

  protected async handle(body: string, headers: IncomingHttpHeaders, path: string) {
    this.requests.push({ path, body });
    if (this.failing) return json(500, { Message: 'An error has occurred.' });
    if (path.replace(/\/+$/, '') === '/apis/v2/Ping') return json(200, { Status: 'ok', Message: 'Service is up' });
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return json(400, { Error: 'The request is not JSON' });
    }
    if (!String(headers['content-type'] ?? '').startsWith('application/json')) return json(415, { Error: 'content-type must be application/json' });
    const a = this.account;
    if (String(request.Username) !== a.username || request.Password !== a.password) return json(401, { Error: 'Username or password is not correct' });
    if (request.CompanyId !== a.companyId) return json(403, { Error: 'Company is not registered on Moj-eRačun service' });
    if (request.SoftwareId !== a.softwareId) return json(403, { Error: 'SoftwareId is not valid' });

    if (path === '/apis/v2/send') {
      const xml = request.File;
      if (typeof xml !== 'string' || !xml.startsWith('<?xml')) return json(400, { Error: 'File is not an XML document' });
      if (this.refuseAll) return json(400, { Error: this.refuseAll });
      if (this.validate) {
        const report = await validateEInvoice(xml);
        const failures = [...report.xsd, ...report.en16931, ...report.hrCius];
        if (failures.length > 0) return json(400, { Error: `Document validation failed: ${failures.join('; ')}` });
      }
      const documentNr = /<cbc:ID>([^<]+)<\/cbc:ID>/.exec(xml)?.[1] ?? '';
      const buyerParty = /<cac:AccountingCustomerParty>[\s\S]*?<\/cac:AccountingCustomerParty>/.exec(xml)?.[0] ?? '';
      const buyer = (/<cbc:CompanyID>(?:HR)?(\d{11})<\/cbc:CompanyID>/.exec(buyerParty)?.[1] ?? /<cbc:EndpointID[^>]*>(?:9934:)?(\d{11})</.exec(buyerParty)?.[1]) ?? '';
      const document: MerDocument = {
        electronicId: this.nextId++, xml, statusId: 30, statusName: 'Poslan', documentNr, buyer, created: new Date().toISOString(),
        fiscalStatus: 2, fiscalError: null, channelType: this.notInAms.has(buyer) ? 1 : 0, processStatus: null,
      };
      this.documents.push(document);
      if (this.loseNextAnswer) {
        this.loseNextAnswer = false;
        return json(504, { Message: 'Gateway Timeout' });
      }
      return json(200, this.answerOf(document));
    }
    if (path === '/apis/v2/queryOutbox') {
      const id = request.ElectronicId;
      const inDays = (d: MerDocument) =>
        (typeof request.From !== 'string' || d.created.slice(0, 10) >= request.From) && (typeof request.To !== 'string' || d.created.slice(0, 10) <= request.To);
      const found = id === undefined ? this.documents.filter(inDays) : this.documents.filter((d) => d.electronicId === Number(id));
      return json(200, found.map((d) => this.answerOf(d)));
    }
    if (path === '/apis/v2/queryDocumentProcessStatusOutbox') {
      const id = request.ElectronicId;
      const day = (d: MerDocument) => (request.ByUpdateDate === true ? (d.processStatus?.updated ?? d.created) : d.created).slice(0, 10);
      const inDays = (d: MerDocument) =>
        (typeof request.From !== 'string' || day(d) >= request.From) && (typeof request.To !== 'string' || day(d) <= request.To);
      const found = id === undefined ? this.documents.filter(inDays) : this.documents.filter((d) => d.electronicId === Number(id));
      return json(200, found.filter((d) => d.processStatus).map((d) => ({
        ElectronicId: d.electronicId, DocumentNr: d.documentNr, StatusId: d.statusId,
        DocumentProcessStatusId: d.processStatus?.id, DocumentProcessStatusName: d.processStatus?.id === 1 ? 'Odbijen' : 'Odobren',
        RejectReason: d.processStatus?.reason ?? null, Updated: d.processStatus?.updated,
      })));
    }
    if (path === '/apis/v2/queryInbox') {
      const inDays = (d: MerInboxDocument) =>
        (typeof request.From !== 'string' || d.sent.slice(0, 10) >= request.From) && (typeof request.To !== 'string' || d.sent.slice(0, 10) <= request.To);
      return json(200, this.inbox.filter(inDays).map((d) => ({
        ElectronicId: d.electronicId, DocumentNr: d.documentNr, DocumentTypeId: 1, DocumentTypeName: 'Račun',
        StatusId: d.statusId, StatusName: d.statusId === 40 ? 'Preuzet' : d.statusId === 45 ? 'Povučeno preuzimanje' : 'Poslan',
        SenderBusinessNumber: d.senderOib, SenderBusinessUnit: null, SenderBusinessName: d.senderName,
        Updated: d.sent, Sent: d.sent, Delivered: d.statusId === 40 ? d.sent : null, Imported: d.imported,
      })));
    }
    if (path === '/apis/v2/receive') {
      const document = this.inbox.find((d) => d.electronicId === Number(request.ElectronicId));
      if (!document) return json(404, { Error: 'Document not found' });
      if (this.downloadFailing.has(document.electronicId)) return json(500, { Message: 'An error has occurred.' });
      this.downloads.set(document.electronicId, (this.downloads.get(document.electronicId) ?? 0) + 1);
      document.statusId = 40;
      return { status: 200, body: document.bytes, contentType: 'application/xml' };
    }
    const notify = /^\/apis\/v2\/notifyimport\/(\d+)$/.exec(path);
    if (notify) {
      const document = this.inbox.find((d) => d.electronicId === Number(notify[1]));
      if (!document) return json(404, { Error: 'Document not found' });
      if (this.notifyFailing) return json(500, { Message: 'An error has occurred.' });
      document.imported = true;
      return json(200, { ElectronicId: document.electronicId, Imported: true });
    }
    if (path === '/api/fiscalization/statusInbox') {
      const found = this.inbox.filter((d) => d.electronicId === Number(request.ElectronicId));
      return json(200, found.map((d) => ({
        electronicId: d.electronicId,
        channelType: 0,
        messages: [{
          status: d.fiscalStatus,
          statusDescription: d.fiscalStatus === 0 ? 'Uspjeh' : d.fiscalStatus === 1 ? 'Greška' : 'U obradi',
          errorCode: d.fiscalError?.code ?? null,
          errorCodeDescription: d.fiscalError?.text ?? null,
          fiscalizationRequestId: `in-${d.electronicId}`,
          dateOfFiscalization: d.fiscalStatus === 0 ? '2026-12-07T10:15:29.3745898+01:00' : null,
          messageType: 0,
        }],
      })));
    }
    if (path === '/api/fiscalization/reject' || path === '/api/fiscalization/rejectWithoutElectronicID' || path === '/apis/v2/UpdateDokumentProcessStatus') {
      return this.rejection(path, request);
    }
    if (path === '/api/fiscalization/statusOutbox') {
      if (this.noFiscalStatus) return json(404, { Error: 'Not found' });
      const found = this.documents.filter((d) => request.ElectronicId === undefined || d.electronicId === Number(request.ElectronicId));
      return json(200, found.map((d) => ({
        ElectronicId: d.electronicId,
        channelType: d.channelType,
        messages: [{
          status: d.fiscalStatus,
          errorCode: d.fiscalError?.code ?? null,
          errorCodeDescription: d.fiscalError?.text ?? (d.fiscalStatus === 0 ? 'Nema greške' : null),
          fiscalizationRequestId: `req-${d.electronicId}`,
          businessStatusReason: d.processStatus?.reason ?? null,
        }],
      })));
    }
    return json(404, { Error: 'Not found' });
  }

  private rejection(path: string, request: Record<string, unknown>) {
    const text = (v: unknown) => typeof v === 'string' && v.trim() !== '';
    const byId = path !== '/api/fiscalization/rejectWithoutElectronicID';
    if (byId && !this.inbox.some((d) => d.electronicId === Number(request.ElectronicId))) return json(404, { Error: `Dokument ${String(request.ElectronicId)} nije pronađen` });
    if (path === '/apis/v2/UpdateDokumentProcessStatus') {
      if (request.StatusId !== 1 || !text(request.RejectReason)) return json(400, { Error: 'StatusId 1 needs a RejectReason' });
    } else {
      if (!/^\d{4}-\d{2}-\d{2}/.test(String(request.RejectionDate)) || !['N', 'U', 'O'].includes(String(request.RejectionReasonType)) || !text(request.RejectionReasonDescription)) {
        return json(400, { Error: 'RejectionDate, RejectionReasonType and RejectionReasonDescription are required' });
      }
      if (!byId && !(text(request.InternalMark) && text(request.IssueDate) && /^\d{11}$/.test(String(request.SenderIdentifierValue)) && /^\d{11}$/.test(String(request.RecipientIdentifierValue)))) {
        return json(400, { Error: 'InternalMark, IssueDate, SenderIdentifierValue and RecipientIdentifierValue are required' });
      }
    }
    if (this.refuseRejections) return json(400, { Error: this.refuseRejections });
    if (this.refuseProcessStatus && path === '/apis/v2/UpdateDokumentProcessStatus') return json(400, { Error: this.refuseProcessStatus });
    const { Username: _u, Password: _p, ...rest } = request;
    this.rejections.push({ path, request: rest });
    return json(200, { Status: 'ok' });
  }

  private answerOf(d: MerDocument) {
    return {
      ElectronicId: d.electronicId,
      DocumentNr: d.documentNr,
      DocumentTypeId: 1,
      DocumentTypeName: 'Račun',
      StatusId: d.statusId,
      StatusName: d.statusName,
      RecipientBusinessNumber: '',
      RecipientBusinessUnit: '',
      RecipientBusinessName: '',
      Created: new Date().toISOString(),
      Sent: new Date().toISOString(),
      Delivered: d.statusId === 40 ? new Date().toISOString() : null,
    };
  }
}

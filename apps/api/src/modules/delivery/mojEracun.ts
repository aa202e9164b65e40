import type {
  AcknowledgeOutcome, BuyerRejection, CredentialsOutcome, DeliveryPort, DocumentStatus, DownloadOutcome, InboxEntry, InboxOutcome, PingOutcome,
  ProcessStatusEntry, ProcessStatusesOutcome, ReceivedFiscalizationOutcome, ReceivedRejectionNotice, Refused, RejectionType, SendOutcome, StatusOutcome, Unavailable,
} from './port';
import { type DeliveryEndpoint, DeliveryTransportError, type HttpAnswer, requestJson } from './transport';

/**
 * The moj-eRačun adapter (API v2, manual.moj-eracun.hr "API specification"): JSON over HTTPS, every
 * call but the ping carrying the five identifying fields as text (`Username`, `Password`,
 * `CompanyId` = the sender's OIB, `CompanyBu` = business unit or empty, `SoftwareId` = what MER
 * assigned to this software).
 * - `GET /apis/v2/Ping/` → `{ Status: "ok", Message }`;
 * - `POST /apis/v2/send` `{ …, File: <the UBL XML as a JSON string> }` → `{ ElectronicId, StatusId, StatusName, … }`;
 * - `POST /apis/v2/queryOutbox` `{ …, ElectronicId? , StatusId?, From?, To? }` → an array of
 *   `{ ElectronicId, StatusId, StatusName, … }`.
 * - `POST /api/fiscalization/statusOutbox` `{ …, ElectronicId }` → an array of
 *   `{ ElectronicId, channelType, messages: [{ status, errorCode, errorCodeDescription, … }] }`: the
 *   fiscalization of a sent document (the manual's status guide names the "StatusOutbox API"; the
 *   fields as independent clients read them): `status` 0 fiscalized, 1 not (the Tax Administration's
 *   error code and text), 2 in progress (MER retries for up to five days); `channelType` 1 = not
 *   delivered through the exchange because the buyer has no address in the address book (AMS), the
 *   supply eReported by MER instead (status guide: "the correct state when the recipient does not have
 *   a registered access point. The invoice must be sent to the recipient in PDF format or via email").
 * Status ids (manual, "Query document status"): 10 in preparation, 20 in validation, 30 sent,
 * 40 delivered, 45 cancelled, 50 unsuccessful. A refusal is a 4xx answer whose body describes it
 * (its exact shape is not documented: its text is taken from the usual fields, else whole).
 * MER keeps one successful sending per invoice number (status guide), so before a sending is tried
 * again after an attempt whose answer was lost, the outbox of those days is searched for the number
 * (`DocumentNr`, with the documented `From`/`To`).
 *
 * The buyer's answer (issue 47, decision 041; certainty [L]: learned from Odoo's public l10n_hr_edi
 * module, not from the manual): `POST /apis/v2/queryDocumentProcessStatusOutbox` `{ …, ElectronicId?,
 * From?, To?, ByUpdateDate? }` → an array of `{ ElectronicId, StatusId, DocumentProcessStatusId, … }`,
 * `DocumentProcessStatusId` 0 approved, 1 rejected, 2 paid in full, 3 partly paid, 4 receipt confirmed;
 * the reason's field name is not known, so the plausible ones are read (`rejectionOf`), as are the
 * statusOutbox messages' `businessStatusReason`.
 *
 * The receiving side (issue 46; the manual's "Query Inbox", "Receive" and "Notify import", and the
 * fiscalization "StatusInbox", as public integrations such as Odoo's l10n_hr_edi call them):
 * - `POST /apis/v2/queryInbox` `{ …, From, To }` → an array of `{ ElectronicId, DocumentNr,
 *   StatusId, StatusName, SenderBusinessNumber, SenderBusinessName, Sent, Delivered, Imported }`;
 *   a document withdrawn by its sender (45) or that failed (50) is not there to take;
 * - `POST /apis/v2/receive` `{ …, ElectronicId }` → the document's XML itself (not JSON), kept byte for byte;
 * - `POST /apis/v2/notifyimport/{ElectronicId}` `{ … }` → marks it imported (`Imported: true`), told
 *   only after the bytes are committed;
 * - `POST /api/fiscalization/statusInbox` `{ …, ElectronicId }` → as statusOutbox, for a received
 *   document: MER's fiscalization of it as received when MER fiscalizes for the user.
 *
 * The user's rejection of a received document (issue 47, decision 042; certainty [L]: learned from
 * Odoo's public l10n_hr_edi module and other public clients, not from the manual):
 * - `POST /api/fiscalization/reject` `{ …, ElectronicId, RejectionDate, RejectionReasonType,
 *   RejectionReasonDescription }`: MER reports it to the Tax Administration (INTERMEDIARY mode);
 * - `POST /api/fiscalization/rejectWithoutElectronicID` `{ …, InternalMark (the supplier's number),
 *   IssueDate, SenderIdentifierValue (the supplier), RecipientIdentifierValue (us), RejectionDate,
 *   RejectionReasonType, RejectionReasonDescription }`: the same for a document imported by hand;
 * - `POST /apis/v2/UpdateDokumentProcessStatus` `{ …, ElectronicId, StatusId: 1, RejectReason }`: the
 *   document's process status becomes "rejected", which the supplier's side reads; the reason is sent
 *   as "U: …", the form decision 041 reads on the other side.
 * A 2xx answer is taken as accepted (its body is not documented); 4xx is a refusal in MER's words.
 */
export interface MojEracunCredentials {
  username: string;
  password: string;
  companyId: string;
  companyBu: string | null;
  softwareId: string;
}

const STATES: Record<number, DocumentStatus['state']> = { 10: 'SENT', 20: 'SENT', 30: 'SENT', 40: 'DELIVERED', 45: 'REJECTED', 50: 'REJECTED' };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function parse(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** The intermediary's own words in a refusal: the usual fields, else the body itself (shortened). */
export function refusalText(body: string): string {
  const json = parse(body);
  const pick = (value: unknown): string | null => {
    if (typeof value === 'string' && value.trim()) return value.trim();
    if (Array.isArray(value)) return value.map(pick).filter(Boolean).join('; ') || null;
    if (isObject(value)) {
      for (const key of ['Error', 'error', 'Message', 'message', 'Errors', 'errors', 'Description', 'description', 'title']) {
        const found = pick(value[key]);
        if (found) return found;
      }
    }
    return null;
  };
  return (pick(json) ?? body.trim()).slice(0, 1000) || 'HTTP error';
}

const unavailable = (error: unknown): Unavailable => {
  if (error instanceof DeliveryTransportError) return { outcome: 'unavailable', reason: error.reason, detail: error.message };
  throw error;
};

/** 5xx and other non-answers are outages; 4xx are the intermediary refusing. */
function judge(answer: HttpAnswer): Refused | Unavailable | null {
  if (answer.status >= 500 || answer.status < 200) return { outcome: 'unavailable', reason: 'http', detail: `HTTP ${answer.status}` };
  if (answer.status >= 400) return { outcome: 'refused', detail: refusalText(answer.body), httpStatus: answer.status };
  return null;
}

function statusOf(item: Json): DocumentStatus | null {
  const id = item.ElectronicId;
  const statusId = Number(item.StatusId);
  if ((typeof id !== 'number' && typeof id !== 'string') || !Number.isFinite(statusId)) return null;
  const state = STATES[statusId] ?? 'SENT';
  const name = typeof item.StatusName === 'string' ? item.StatusName : '';
  return {
    providerDocumentId: String(id),
    state,
    providerStatus: `${statusId}${name ? ` ${name}` : ''}`,
    rejectionReason: state === 'REJECTED' ? name || String(statusId) : null,
    fiscalized: null,
    fiscalizationError: null,
    eReported: null,
  };
}

/** A field by its name in either casing (MER's answers mix `ElectronicId` and `channelType`). */
function field(item: Json, name: string): unknown {
  return item[name] ?? item[name.charAt(0).toUpperCase() + name.slice(1)] ?? item[name.charAt(0).toLowerCase() + name.slice(1)];
}

type Fiscalization = Pick<DocumentStatus, 'fiscalized' | 'fiscalizationError' | 'eReported'> & { fiscalizedAt?: string | null };

/** The fiscalization of one document from `statusOutbox`'s answer: its last message says where it stands. */
export function fiscalizationOf(json: unknown, electronicId: string): Fiscalization | null {
  if (!Array.isArray(json)) return null;
  const item = json.filter(isObject).find((i) => String(field(i, 'electronicId')) === electronicId) ?? (json.length === 1 && isObject(json[0]) ? json[0] : undefined);
  if (!item) return null;
  const messages = field(item, 'messages');
  const last = Array.isArray(messages) ? messages.filter(isObject).at(-1) : undefined;
  const channel = field(item, 'channelType');
  const eReported = typeof channel === 'number' || typeof channel === 'string' ? String(channel) === '1' : null;
  if (!last) return { fiscalized: null, fiscalizationError: null, eReported };
  const status = String(field(last, 'status'));
  const code = field(last, 'errorCode');
  const description = field(last, 'errorCodeDescription');
  const error = [code, description].filter((v) => typeof v === 'string' || typeof v === 'number').map(String).filter((v) => v.trim()).join(' ') || null;
  if (status === '0') return { fiscalized: true, fiscalizationError: null, eReported, fiscalizedAt: textOf(field(last, 'dateOfFiscalization')) };
  if (status === '1') return { fiscalized: false, fiscalizationError: error ?? 'Fiskalizacija nije uspjela', eReported };
  return { fiscalized: null, fiscalizationError: null, eReported };
}

/** The fields a rejection's text may come in, in the order they are trusted (decision 041). */
const REASON_FIELDS = ['rejectReason', 'rejectionReason', 'documentProcessStatusReason', 'processStatusReason', 'statusReason', 'reason', 'businessStatusReason', 'note'];
/** The fields a rejection's reason type may come in. */
const TYPE_FIELDS = ['rejectReasonType', 'rejectionType', 'rejectionReasonType', 'reasonType', 'documentProcessStatusReasonType', 'rejectReasonCode', 'reasonCode'];
/** The fields its date may come in. */
const DATE_FIELDS = ['documentProcessStatusDate', 'processStatusDate', 'rejectDate', 'rejectionDate', 'statusDate', 'updated', 'date'];

const typeOf = (value: unknown): RejectionType | null => {
  const text = textOf(value)?.toUpperCase();
  return text === 'N' || text === 'U' || text === 'O' ? text : null;
};

/**
 * The buyer's rejection in one process-status item, or null when it is not one (not status 1). The
 * type from its own field, else from a text that starts with it (`U: …`, `O - …`), as a buyer's
 * software may write it.
 */
export function rejectionOf(item: Json): BuyerRejection | null {
  if (String(field(item, 'documentProcessStatusId')) !== '1') return null;
  const pickFirst = (names: string[]) => names.map((name) => field(item, name)).find((v) => textOf(v) !== null);
  let reason = textOf(pickFirst(REASON_FIELDS));
  let type = typeOf(pickFirst(TYPE_FIELDS));
  const prefixed = reason ? /^([NUO])\s*[:\-–]\s*([\s\S]*)$/.exec(reason) : null;
  if (prefixed) {
    type ??= prefixed[1] as RejectionType;
    reason = prefixed[2]?.trim() || null;
  }
  const date = textOf(pickFirst(DATE_FIELDS));
  const at = date && !Number.isNaN(Date.parse(date)) ? new Date(date).toISOString() : null;
  return { at, type, reason: reason ? reason.slice(0, 1024) : null };
}

/** Statuses of an inbox document that is not there to take: withdrawn by its sender, failed. */
const NOT_TO_TAKE = new Set([45, 50]);
/** A received document larger than the inbox takes by hand is not downloaded either (20 MiB). */
export const MAX_RECEIVED_BYTES = 20 * 1024 * 1024;

const textOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : null);

/** The documents of `queryInbox`'s answer that are there to take. */
export function inboxEntriesOf(json: unknown[]): InboxEntry[] {
  return json.filter(isObject).flatMap((item) => {
    const id = textOf(field(item, 'electronicId'));
    if (!id || NOT_TO_TAKE.has(Number(field(item, 'statusId')))) return [];
    const imported = field(item, 'imported');
    return [{
      providerDocumentId: id,
      documentNumber: textOf(field(item, 'documentNr')) ?? '',
      senderId: textOf(field(item, 'senderBusinessNumber')),
      senderName: textOf(field(item, 'senderBusinessName')),
      sentAt: textOf(field(item, 'sent')),
      acknowledged: typeof imported === 'boolean' ? imported : null,
    }];
  });
}

/** Is this the XML of a document (after a byte-order mark and white space), not an error in JSON? */
const looksLikeXml = (bytes: Buffer) => /^(\uFEFF)?\s*</.test(bytes.subarray(0, 64).toString('utf8'));

const electronic = (id: string): number | string => (/^\d+$/.test(id) ? Number(id) : id);
const rejectionFields = (notice: ReceivedRejectionNotice) => ({
  RejectionDate: notice.rejectedOn,
  RejectionReasonType: notice.type,
  RejectionReasonDescription: notice.reason,
});

const day = (date: Date) => date.toISOString().slice(0, 10);
const dayBefore = (isoDay: string) => day(new Date(Date.parse(`${isoDay}T00:00:00Z`) - 86_400_000));

export function mojEracun(endpoint: DeliveryEndpoint, credentials: MojEracunCredentials): DeliveryPort {
  const identity = () => ({
    Username: credentials.username,
    Password: credentials.password,
    CompanyId: credentials.companyId,
    CompanyBu: credentials.companyBu ?? '',
    SoftwareId: credentials.softwareId,
  });
  const post = (path: string, extra: Json) => requestJson(endpoint, 'POST', path, { ...identity(), ...extra });

  /** What MER says of the document's fiscalization; nothing (not an error) when it cannot say now. */
  async function fiscalization(electronicId: number | string, providerDocumentId: string): Promise<Partial<Fiscalization>> {
    try {
      const answer = await post('/api/fiscalization/statusOutbox', { ElectronicId: electronicId });
      if (answer.status !== 200) return {};
      return fiscalizationOf(parse(answer.body), providerDocumentId) ?? {};
    } catch (error) {
      unavailable(error);
      return {};
    }
  }

  /** The process statuses MER lists for this query; null when it cannot say now (not an error). */
  async function processItems(query: Json): Promise<Json[] | null> {
    const answer = await post('/apis/v2/queryDocumentProcessStatusOutbox', query);
    if (answer.status !== 200) return null;
    const json = parse(answer.body);
    return Array.isArray(json) ? json.filter(isObject) : null;
  }

  /** The buyer's rejection of one document; undefined when MER cannot say now. */
  async function buyerRejection(electronicId: number | string, providerDocumentId: string): Promise<{ buyerRejection?: BuyerRejection | null }> {
    try {
      const items = await processItems({ ElectronicId: electronicId });
      if (!items) return {};
      const mine = items.filter((i) => String(field(i, 'electronicId')) === providerDocumentId);
      const rejection = mine.map(rejectionOf).find((r) => r !== null) ?? null;
      return { buyerRejection: rejection };
    } catch (error) {
      unavailable(error);
      return {};
    }
  }

  return {
    async ping(): Promise<PingOutcome> {
      try {
        const answer = await requestJson(endpoint, 'GET', '/apis/v2/Ping/');
        const json = parse(answer.body);
        if (answer.status === 200 && isObject(json) && String(json.Status).toLowerCase() === 'ok') return { outcome: 'ok' };
        return { outcome: 'unavailable', reason: answer.status >= 500 ? 'http' : 'unexpected', detail: `HTTP ${answer.status}` };
      } catch (error) {
        return unavailable(error);
      }
    },

    async checkCredentials(): Promise<CredentialsOutcome> {
      try {
        // the outbox of today: needs the credentials, changes nothing, answers little
        const today = new Date().toISOString().slice(0, 10);
        const answer = await post('/apis/v2/queryOutbox', { From: today, To: today });
        const problem = judge(answer);
        if (problem) return problem;
        if (!Array.isArray(parse(answer.body))) return { outcome: 'unavailable', reason: 'unexpected', detail: 'the outbox query did not answer a list' };
        return { outcome: 'ok' };
      } catch (error) {
        return unavailable(error);
      }
    },

    async send(document): Promise<SendOutcome> {
      try {
        const answer = await post('/apis/v2/send', { File: document.xml });
        const problem = judge(answer);
        if (problem) return problem;
        const json = parse(answer.body);
        const status = isObject(json) ? statusOf(json) : null;
        if (!status) return { outcome: 'unavailable', reason: 'unexpected', detail: 'the answer carries no ElectronicId' };
        return { outcome: 'accepted', ...status };
      } catch (error) {
        return unavailable(error);
      }
    },

    async status(providerDocumentId): Promise<StatusOutcome> {
      try {
        const electronicId = /^\d+$/.test(providerDocumentId) ? Number(providerDocumentId) : providerDocumentId;
        const answer = await post('/apis/v2/queryOutbox', { ElectronicId: electronicId });
        const problem = judge(answer);
        if (problem) return problem;
        const json = parse(answer.body);
        if (!Array.isArray(json)) return { outcome: 'unavailable', reason: 'unexpected', detail: 'the outbox query did not answer a list' };
        const item = json.filter(isObject).map(statusOf).find((s) => s?.providerDocumentId === providerDocumentId);
        if (!item) return { outcome: 'unknown' };
        return { outcome: 'found', ...item, ...(await fiscalization(electronicId, providerDocumentId)), ...(await buyerRejection(electronicId, providerDocumentId)) };
      } catch (error) {
        return unavailable(error);
      }
    },

    async find({ invoiceNumber, since, except }): Promise<StatusOutcome> {
      try {
        // a day either side: MER's days are Zagreb's, ours UTC
        const answer = await post('/apis/v2/queryOutbox', { From: dayBefore(since), To: day(new Date(Date.now() + 86_400_000)) });
        const problem = judge(answer);
        if (problem) return problem;
        const json = parse(answer.body);
        if (!Array.isArray(json)) return { outcome: 'unavailable', reason: 'unexpected', detail: 'the outbox query did not answer a list' };
        const found = json
          .filter(isObject)
          .filter((item) => field(item, 'documentNr') === invoiceNumber)
          .map(statusOf)
          .filter((status): status is DocumentStatus => status !== null && !except.includes(status.providerDocumentId))
          .sort((a, b) => Number(b.providerDocumentId) - Number(a.providerDocumentId))[0];
        return found ? { outcome: 'found', ...found } : { outcome: 'unknown' };
      } catch (error) {
        return unavailable(error);
      }
    },

    async processStatuses({ from, to }): Promise<ProcessStatusesOutcome> {
      try {
        const answer = await post('/apis/v2/queryDocumentProcessStatusOutbox', { From: from, To: to, ByUpdateDate: true });
        const problem = judge(answer);
        if (problem) return problem;
        const json = parse(answer.body);
        if (!Array.isArray(json)) return { outcome: 'unavailable', reason: 'unexpected', detail: 'the process status query did not answer a list' };
        const rejections = json.filter(isObject).flatMap((item): ProcessStatusEntry[] => {
          const id = textOf(field(item, 'electronicId'));
          const rejection = rejectionOf(item);
          return id && rejection ? [{ providerDocumentId: id, rejection }] : [];
        });
        return { outcome: 'listed', rejections };
      } catch (error) {
        return unavailable(error);
      }
    },

    async inbox({ from, to }): Promise<InboxOutcome> {
      try {
        const answer = await post('/apis/v2/queryInbox', { From: from, To: to });
        const problem = judge(answer);
        if (problem) return problem;
        const json = parse(answer.body);
        if (!Array.isArray(json)) return { outcome: 'unavailable', reason: 'unexpected', detail: 'the inbox query did not answer a list' };
        return { outcome: 'listed', documents: inboxEntriesOf(json) };
      } catch (error) {
        return unavailable(error);
      }
    },

    async download(providerDocumentId): Promise<DownloadOutcome> {
      try {
        const electronicId = /^\d+$/.test(providerDocumentId) ? Number(providerDocumentId) : providerDocumentId;
        const answer = await requestJson(endpoint, 'POST', '/apis/v2/receive', { ...identity(), ElectronicId: electronicId }, MAX_RECEIVED_BYTES);
        const problem = judge(answer);
        if (problem) return problem;
        if (!looksLikeXml(answer.bytes)) return { outcome: 'unavailable', reason: 'unexpected', detail: `the document ${providerDocumentId} came back as something other than XML` };
        return { outcome: 'downloaded', bytes: answer.bytes };
      } catch (error) {
        return unavailable(error);
      }
    },

    async acknowledge(providerDocumentId): Promise<AcknowledgeOutcome> {
      try {
        const answer = await post(`/apis/v2/notifyimport/${encodeURIComponent(providerDocumentId)}`, {});
        const problem = judge(answer);
        if (problem) return problem;
        return { outcome: 'ok' };
      } catch (error) {
        return unavailable(error);
      }
    },

    async receivedFiscalization(providerDocumentId): Promise<ReceivedFiscalizationOutcome> {
      try {
        const electronicId = /^\d+$/.test(providerDocumentId) ? Number(providerDocumentId) : providerDocumentId;
        const answer = await post('/api/fiscalization/statusInbox', { ElectronicId: electronicId });
        if (answer.status === 404) return { outcome: 'unknown' };
        const problem = judge(answer);
        if (problem) return problem;
        const json = parse(answer.body);
        const found = fiscalizationOf(json, providerDocumentId);
        if (!found) return { outcome: 'unknown' };
        return { outcome: 'found', fiscalized: found.fiscalized, error: found.fiscalizationError, at: found.fiscalizedAt ?? null };
      } catch (error) {
        return unavailable(error);
      }
    },

    async reportRejection(notice): Promise<AcknowledgeOutcome> {
      try {
        const answer = notice.providerDocumentId
          ? await post('/api/fiscalization/reject', { ElectronicId: electronic(notice.providerDocumentId), ...rejectionFields(notice) })
          : await post('/api/fiscalization/rejectWithoutElectronicID', {
            InternalMark: notice.number, IssueDate: notice.issueDate, SenderIdentifierValue: notice.supplierId, RecipientIdentifierValue: notice.recipientId,
            ...rejectionFields(notice),
          });
        return judge(answer) ?? { outcome: 'ok' };
      } catch (error) {
        return unavailable(error);
      }
    },

    async tellSupplierRejected(notice): Promise<AcknowledgeOutcome> {
      try {
        const answer = await post('/apis/v2/UpdateDokumentProcessStatus', {
          ElectronicId: electronic(notice.providerDocumentId), StatusId: 1, RejectReason: `${notice.type}: ${notice.reason}`,
        });
        return judge(answer) ?? { outcome: 'ok' };
      } catch (error) {
        return unavailable(error);
      }
    },
  };
}

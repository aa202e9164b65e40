/**
 * The delivery port (issue 32): what Faktura asks of an information intermediary, whatever its API.
 * One adapter per intermediary (`mojEracun.ts` first) turns these verbs into its requests and its
 * answers into these outcomes; nothing else in Faktura knows an intermediary's API.
 *
 * Every outcome says whether the intermediary *answered* (`accepted`/`refused`, final for this
 * attempt) or could not be asked (`unavailable`: no answer, a timeout, an untrusted certificate, a
 * 5xx; nothing is known to have happened there, so the sending is tried again later).
 */
export const DOCUMENT_STATES = ['SENT', 'DELIVERED', 'REJECTED'] as const;
export type ProviderDocumentState = (typeof DOCUMENT_STATES)[number];

export type Unavailable = { outcome: 'unavailable'; reason: 'network' | 'timeout' | 'tls' | 'tooLarge' | 'http' | 'unexpected'; detail: string };
export type Refused = { outcome: 'refused'; /** The intermediary's own words, as it gave them. */ detail: string; httpStatus: number };

export interface DocumentStatus {
  providerDocumentId: string;
  state: ProviderDocumentState;
  /** The intermediary's own status (e.g. `40 Delivered`), kept for the screen and the record. */
  providerStatus: string;
  /** Why the buyer's side refused it, when it did. */
  rejectionReason: string | null;
  /** Whether the intermediary reports the document fiscalized; null when it does not say (yet). */
  fiscalized: boolean | null;
  /** Why the Tax Administration refused it, as the intermediary passes it on (fiscalized false). */
  fiscalizationError: string | null;
  /**
   * True: the buyer has no address in the address book, so the intermediary did not deliver it as an
   * e-invoice but reported the supply to the Tax Administration (eIzvještavanje); the buyer gets it
   * another way (e-mail). Null: not said.
   */
  eReported: boolean | null;
  /**
   * The buyer's rejection of the document (issue 47), from the intermediary's document process status;
   * null: not rejected, or the intermediary does not say (an adapter that cannot ask leaves it null).
   */
  buyerRejection?: BuyerRejection | null;
}

/** Reason types of a rejection (TS-F2 ch. 5): N mismatch not affecting tax, U affecting tax, O other. */
export const REJECTION_TYPES = ['N', 'U', 'O'] as const;
export type RejectionType = (typeof REJECTION_TYPES)[number];

/** A buyer's rejection of an issued document, as the intermediary brings it back. */
export interface BuyerRejection {
  /** When the buyer rejected it (ISO), as the intermediary says; null: not said. */
  at: string | null;
  type: RejectionType | null;
  /** The buyer's text; null: not said. */
  reason: string | null;
}

/** One document's process status from a windowed query: only the rejected ones matter here. */
export interface ProcessStatusEntry {
  providerDocumentId: string;
  rejection: BuyerRejection;
}

/** One document waiting in the user's inbox at the intermediary (issue 46), as its list says. */
export interface InboxEntry {
  providerDocumentId: string;
  /** The supplier's number of the document, as the list gives it (the document itself is what counts). */
  documentNumber: string;
  senderId: string | null;
  senderName: string | null;
  /** When the supplier sent it (ISO), if said. */
  sentAt: string | null;
  /** The intermediary was already told it was taken (by Faktura or other software); null: not said. */
  acknowledged: boolean | null;
}

/** Where the intermediary's fiscalization of a received document stands (INTERMEDIARY mode). */
export interface ReceivedFiscalization {
  /** true fiscalized, false refused, null in progress or not said. */
  fiscalized: boolean | null;
  /** The Tax Administration's code and text when refused. */
  error: string | null;
  /** When it was fiscalized, as the intermediary says. */
  at: string | null;
}

/**
 * The user's rejection of a received document (issue 47, decision 042), as the intermediary is told
 * of it: by its id when it came from the intermediary, else by the supplier's number, issue date and
 * the two parties' identifiers (a document imported by hand).
 */
export interface ReceivedRejectionNotice {
  /** The intermediary's id of the document; null: imported by hand. */
  providerDocumentId: string | null;
  number: string;
  issueDate: string;
  /** The supplier's OIB (the document's sender). */
  supplierId: string;
  /** Our OIB (the document's recipient). */
  recipientId: string;
  /** yyyy-MM-dd, Zagreb (`datumOdbijanja`). */
  rejectedOn: string;
  type: RejectionType;
  reason: string;
}

export type PingOutcome = { outcome: 'ok' } | Unavailable;
export type CredentialsOutcome = { outcome: 'ok' } | Refused | Unavailable;
export type SendOutcome = ({ outcome: 'accepted' } & DocumentStatus) | Refused | Unavailable;
export type StatusOutcome = ({ outcome: 'found' } & DocumentStatus) | { outcome: 'unknown' } | Refused | Unavailable;

export type ProcessStatusesOutcome = { outcome: 'listed'; rejections: ProcessStatusEntry[] } | Refused | Unavailable;
export type InboxOutcome = { outcome: 'listed'; documents: InboxEntry[] } | Refused | Unavailable;
export type DownloadOutcome = { outcome: 'downloaded'; bytes: Buffer } | Refused | Unavailable;
export type AcknowledgeOutcome = { outcome: 'ok' } | Refused | Unavailable;
export type ReceivedFiscalizationOutcome = ({ outcome: 'found' } & ReceivedFiscalization) | { outcome: 'unknown' } | Refused | Unavailable;

export interface DeliveryPort {
  /** Is the intermediary's API there (no credentials)? */
  ping(): Promise<PingOutcome>;
  /** Does it accept these credentials (a call that needs them and changes nothing)? */
  checkCredentials(): Promise<CredentialsOutcome>;
  /** Hands one UBL document over for delivery (and, if the user so chose, fiscalization). */
  send(document: { xml: string; invoiceNumber: string }): Promise<SendOutcome>;
  /** Where a document handed over earlier stands. */
  status(providerDocumentId: string): Promise<StatusOutcome>;
  /**
   * A document of this number the intermediary took since `since` (yyyy-MM-dd), other than the ids in
   * `except`: asked before a sending is tried again, so that an attempt whose answer was lost (a crash,
   * a timeout) is not sent twice.
   */
  find(query: { invoiceNumber: string; since: string; except: string[] }): Promise<StatusOutcome>;

  /**
   * The buyers' rejections of documents whose process status changed from `from` to `to` (yyyy-MM-dd,
   * by the day of the change): what the scheduled poll asks once per round, for documents no longer
   * polled one by one (issue 47).
   */
  processStatuses(query: { from: string; to: string }): Promise<ProcessStatusesOutcome>;

  /** The receiving side (issue 46): documents addressed to the user that the intermediary took from `from` to `to` (yyyy-MM-dd). */
  inbox(query: { from: string; to: string }): Promise<InboxOutcome>;
  /** One received document's bytes, exactly as the intermediary holds them. */
  download(providerDocumentId: string): Promise<DownloadOutcome>;
  /** Tells the intermediary the document is kept (asked only after its bytes are committed). */
  acknowledge(providerDocumentId: string): Promise<AcknowledgeOutcome>;
  /** Where the intermediary's fiscalization of a received document stands. */
  receivedFiscalization(providerDocumentId: string): Promise<ReceivedFiscalizationOutcome>;

  /**
   * Asks the intermediary to report the user's rejection of a received document to the Tax
   * Administration (INTERMEDIARY mode, decision 042): by its id, or without one for a document
   * imported by hand.
   */
  reportRejection(notice: ReceivedRejectionNotice): Promise<AcknowledgeOutcome>;
  /** Sets the received document's process status to rejected, with the reason, so that the supplier sees it. */
  tellSupplierRejected(notice: ReceivedRejectionNotice & { providerDocumentId: string }): Promise<AcknowledgeOutcome>;
}

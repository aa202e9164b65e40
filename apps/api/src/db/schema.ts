import type {
  ContractType,
  CreditStatus,
  CurrencyCode,
  DocumentType,
  EinvoiceProfile,
  InvoiceState,
  PaymentMethod,
  PaymentRecordMethod,
  Unit,
  VatTreatment,
} from '@faktura/shared';
import type { Generated } from 'kysely';

/**
 * The tables as Kysely sees them. Conventions that keep one set of queries working on SQLite and
 * PostgreSQL: timestamps are ISO-8601 UTC text (sortable as text), dates are `yyyy-MM-dd` text,
 * money is integer cents (bigint in PostgreSQL, parsed back to number), booleans are 0/1 integers.
 * Enumerated columns are typed with the contract's unions; the services write only validated values.
 */
export interface OperatorTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  /** The operator's OIB: e-invoices name who issued them (HR-BR-37). */
  oib: string | null;
  created_at: string;
  updated_at: string;
}

export interface RefreshTokenTable {
  id: Generated<number>;
  operator_id: number;
  family_id: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
  used_at: string | null;
  revoked_at: string | null;
  /** The token it was rotated into, sealed with a key only its own holder can derive (grace window). */
  successor_sealed: string | null;
}

/**
 * Sign-in attempts per account (the lower-cased e-mail typed) and per client address, counted before
 * the password is hashed. `attempts` may exceed the limit: the excess are refused attempts.
 */
export interface LoginThrottleTable {
  /** `account` (the e-mail typed), `address` (the client's IP) or `device` (a device cookie's nonce). */
  scope: 'account' | 'address' | 'device';
  subject: string;
  /** The account the row concerns (scopes `account` and `device`), for `operator unlock --email`. */
  account: string | null;
  /** Failed sign-ins in the current window. */
  failures: number;
  window_started_at: string;
  /** Set when the failures reach the limit; attempts are refused until then. */
  blocked_until: string | null;
  /** Attempts admitted and still being checked; read as 0 once `running_until` has passed. */
  running: number;
  running_until: string | null;
  /** The last count's verdict (`admitted`, `wait`, `blocked`): read back by that same statement. */
  verdict: string;
}

export interface AddressTable {
  id: Generated<number>;
  address1: string;
  address2: string | null;
  city: string;
  zip: string;
  state: string | null;
  country_code: string;
  created_at: string;
  updated_at: string;
}

export interface CompanyTable {
  id: Generated<number>;
  name: string;
  email: string;
  pin: string | null;
  phone: string | null;
  note: string | null;
  bank_account_number: string | null;
  address_id: number;
  /** 0: a Croatian business client that cannot receive e-invoices (its invoices are reported as supplies without one). */
  receives_einvoices: Generated<number>;
  /** BUSINESS or CONSUMER (a private person: no VAT number, no e-invoice, fiscalized with ZKI and JIR). */
  kind: Generated<string>;
  /** 0: a record made for a supplier of received documents that has not been a client (decision 039). */
  is_client: Generated<number>;
  /** The OIB of the supplier this record stands for in the inbox; null: not a supplier. Unique. */
  supplier_oib: string | null;
  created_at: string;
  updated_at: string;
}

export interface ContractTable {
  id: Generated<number>;
  company_id: number;
  type: ContractType;
  payment_due_days: number;
  position: number;
}

export interface LineItemTable {
  id: Generated<number>;
  name_hr: string;
  name_en: string | null;
  unit_price_cents: number;
  currency_code: CurrencyCode;
  unit: Unit;
  /** KPD 2025 classification code (`NN.NN.NN`), required on every e-invoice line. */
  kpd_code: string | null;
  created_at: string;
  updated_at: string;
}

/** The issuing business (one row, id 1): what invoices and printouts say about "us". */
export interface IssuerTable {
  id: number;
  name: string;
  oib: string;
  address_id: number | null;
  email: string | null;
  phone: string | null;
  iban: string | null;
  swift: string | null;
  in_vat_system: number;
  default_footnote: string | null;
  footer_text: string | null;
  /** English variants, printed on invoices in English; null means the Croatian text is printed. */
  default_footnote_en: string | null;
  footer_text_en: string | null;
  /** Defaults 'POSL1' and '1' until Settings > POS sets them. */
  premises_code: Generated<string>;
  device_code: Generated<string>;
  /** The business process e-invoices declare (ProfileID P1-P12, P99). */
  einvoice_profile: Generated<EinvoiceProfile>;
  /** 1 for a paušalni obrt (keeps the KPR, files PO-SD; never in the VAT system), else 0. */
  flat_rate: Generated<number>;
  updated_at: string;
}

export interface InvoiceTable {
  id: Generated<number>;
  client_id: number;
  operator_id: number;
  state: InvoiceState;
  /** Formatted `seq/premises/device`; null while a draft. Unique within its year. */
  invoice_number: string | null;
  number_year: number | null;
  number_seq: number | null;
  premises_code: string | null;
  device_code: string | null;
  payment_method: PaymentMethod;
  contract_type: ContractType | null;
  contract_due_days: number | null;
  /**
   * The date of issue (BT-2) of an issued document, set when it is issued (decision 026). A draft
   * has none: there it is the day the draft was last saved, which places it in the list and the
   * month totals, and the API never shows it as a date of the invoice.
   */
  billing_date: string;
  /** The date of supply (BT-72): on or before the date of issue. */
  delivery_date: string;
  /** The period of supply (BT-73/74), both days included; both null when none. */
  service_period_start: string | null;
  service_period_end: string | null;
  payment_due_date: string;
  extra_info: string | null;
  reference_model: string | null;
  reference_number: string | null;
  currency_code: CurrencyCode;
  /** Euro exchange rate as exact decimal text (e.g. "7.53450"), null for EUR invoices. */
  eur_fx_rate: string | null;
  vat_treatment: VatTreatment;
  subtotal_cents: number;
  vat_cents: number;
  total_cents: number;
  issued_at: string | null;
  /** The payment date (yyyy-MM-dd) once the invoice is marked cleared. */
  cleared_at: string | null;
  /** JSON of the client and the issuer as they were when the invoice was issued. */
  client_snapshot: string | null;
  issuer_snapshot: string | null;
  /** INVOICE, CREDIT_NOTE or ADVANCE (issue 48); all take numbers from the same sequence. */
  document_type: Generated<DocumentType>;
  /** A final invoice: the advances it deducts, gross (BT-113; Σ of its `invoice_advance` rows), 0 otherwise. */
  prepaid_cents: Generated<number>;
  /** A credit note: the invoice it corrects, and why. */
  credited_invoice_id: number | null;
  credit_reason: string | null;
  /** An invoice issued again after the storno of a rejected one (issue 47): the one it re-issues. */
  reissue_of_id: number | null;
  /** An invoice: null, PARTIAL or FULL as its lines are credited. */
  credit_status: CreditStatus | null;
  /** A credit note settled together with its (unpaid) original when that was cleared: 0/1. */
  settled_with_original: Generated<number>;
  /** Time of issue, Zagreb local time `HH:mm:ss`, beside the billing date. */
  issue_time: string | null;
  /** When the invoice was last sent by e-mail (ISO UTC), null if never. */
  emailed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** An advance invoice deducted by a final invoice (issue 48): each advance once. */
export interface InvoiceAdvanceTable {
  final_invoice_id: number;
  advance_invoice_id: number;
  /** What was deducted: the advance's gross less its credit notes, in the invoices' currency. */
  amount_cents: number;
  /** JSON `[{ rateBp, baseCents, vatCents }]`: the base and VAT deducted per rate, highest rate first. */
  vat_groups: string;
  created_at: string;
}

export interface InvoiceLineTable {
  id: Generated<number>;
  invoice_id: number;
  position: number;
  line_item_id: number | null;
  description: string;
  description_en: string | null;
  /** Quantity in thousandths (1.5 h = 1500). */
  quantity_milli: number;
  unit: Unit;
  unit_price_cents: number;
  currency_code: CurrencyCode;
  /** Discount in hundredths of a percent (12.5 % = 1250). */
  discount_bp: number;
  /** VAT rate in hundredths of a percent (25 % = 2500). */
  vat_rate_bp: number;
  line_total_cents: number;
  /** KPD 2025 code copied from the catalogue item (or given with the line). */
  kpd_code: string | null;
  /** On a credit note's line: the original invoice's line it credits. */
  credited_line_id: number | null;
}

export interface InvoiceCounterTable {
  number_year: number;
  premises_code: string;
  device_code: string;
  last_seq: number;
}

/**
 * Per billing month and state: the euro cents of issued documents and the number of documents of any
 * state (drafts too), kept with every write (decision 009).
 */
export interface InvoiceMonthTotalTable {
  year: number;
  month: number;
  state: InvoiceState;
  eur_cents: number;
  documents: Generated<number>;
  /** What the documents of the bucket have been paid, in euro cents (decision 028). */
  paid_eur_cents: Generated<number>;
}

/** The payments received per month of the day paid, in euro cents (decision 028). */
export interface InvoicePaymentMonthTable {
  year: number;
  month: number;
  eur_cents: number;
  payments: number;
}

/** One entry of the append-only audit trail (decision 012). */
export interface AuditLogTable {
  seq: number;
  at: string;
  operator_id: number | null;
  operator_name: string | null;
  action: string;
  invoice_id: number | null;
  /** Another document the entry concerns (the invoice a credit note corrects), for its History. */
  related_invoice_id: number | null;
  /** Canonical JSON. */
  details: string;
  prev_hash: string;
  hash: string;
}

/** The newest entry of the audit chain (one row, id 1); appends lock it. */
export interface AuditHeadTable {
  id: number;
  seq: number;
  hash: string;
}

/** An Idempotency-Key and, once its work committed, the answer (decision 012). */
export interface IdempotencyKeyTable {
  operator_id: number;
  idem_key: string;
  /** SHA-256 of method, path and canonical body. */
  request_hash: string;
  /** Random token of the request that holds the key; a retry may take over once `claimed_until` passed. */
  claim: string;
  claimed_until: string;
  /** Null while in progress. */
  response_status: number | null;
  response_body: string | null;
  created_at: string;
}

/** Settings > E-mail (one row, id 1). The password is stored as given and never sent back. */
export interface EmailSettingsTable {
  id: number;
  host: string;
  port: number;
  /** starttls, tls or none. */
  security: string;
  username: string | null;
  password: string | null;
  from_name: string | null;
  from_address: string;
  reply_to: string | null;
  bcc: string | null;
  updated_at: string;
}

/** Fiscalization settings, one row (id 1); the private key only encrypted (decision 030). */
export interface FiscalSettingsTable {
  id: number;
  /** SELF, INTERMEDIARY or OFF. */
  mode: string;
  /** TEST or PRODUCTION. */
  environment: string;
  endpoint_einvoice: string | null;
  endpoint_ereporting: string | null;
  endpoint_b2c: string | null;
  trusted_ca_pem: string | null;
  certificate_pem: string | null;
  chain_pem: string | null;
  /** JSON of what may be shown: subject, issuer, OIB, serial, validity, fingerprint. */
  certificate_info: string | null;
  /** `v1.<iv>.<tag>.<ciphertext>`, base64url, AES-256-GCM. */
  private_key_enc: string | null;
  /** When the mode last became SELF (ISO): documents issued since are Faktura's to fiscalize. */
  self_since: string | null;
  updated_at: string;
}

/** The information intermediary e-invoices are sent through (issue 32); one row, id 1. */
export interface DeliverySettingsTable {
  id: number;
  /** MOJ_ERACUN. */
  provider: string;
  base_url: string;
  username: string;
  /** `v1.<iv>.<tag>.<ciphertext>`, base64url, AES-256-GCM (never the password itself). */
  password_enc: string;
  /** The sender's OIB. */
  company_id: string;
  company_bu: string | null;
  software_id: string;
  /** 0/1: every e-invoice is sent as it is issued. */
  auto_send: number;
  trusted_ca_pem: string | null;
  updated_at: string;
  /** When the windowed query of the buyers' answers (process status) last asked (issue 47). */
  process_checked_at: string | null;
}

/** The delivery outbox (issue 32): one row per issued document handed to the intermediary. */
export interface DeliveryDocumentTable {
  invoice_id: number;
  provider: string;
  /** PENDING, SENT, DELIVERED, REJECTED or FAILED (no row: NOT_SENT). */
  status: string;
  provider_document_id: string | null;
  provider_status: string | null;
  error: string | null;
  /** 0/1, null while the intermediary has not said. */
  fiscalized: number | null;
  attempts: Generated<number>;
  next_attempt_at: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
  /** When the status last changed (ISO). */
  status_at: string;
  /** When the intermediary was last asked where it stands. */
  checked_at: string | null;
  /** The Tax Administration's refusal as the intermediary passed it on (fiscalized = 0). */
  fiscal_error: string | null;
  /** 1: the buyer has no address in the address book; the intermediary reported the supply instead. */
  e_reported: number | null;
  /** An attempt started handing the document over; cleared when its outcome is recorded. */
  handed_over_at: string | null;
  /** The intermediary's ids of earlier sendings of this document, comma-separated. */
  earlier_ids: string | null;
  /** The buyer rejected it (issue 47): when (ISO), the reason type (N, U, O; null: not said) and its text. */
  buyer_rejected_at: string | null;
  buyer_rejection_type: string | null;
  buyer_rejection_reason: string | null;
}

/** The fiscalization outbox: one row per issued document Faktura fiscalizes (decision 030). */
export interface FiscalDocumentTable {
  invoice_id: number;
  /**
   * ERACUN: `EvidentirajERacunZahtjev`; ISPORUKA: `EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev` (a
   * client that cannot receive e-invoices, decided by the client snapshot at issue).
   */
  kind: string;
  /** PENDING, FISCALIZED or FAILED. */
  status: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** The last day the law allows (5 working days after the date of issue), yyyy-MM-dd. */
  deadline: string;
  request_id: string | null;
  fiscalized_at: string | null;
  error_code: string | null;
  error_text: string | null;
  /** A sender holds the row until then (several processes on one database). */
  claimed_until: string | null;
  claimed_by: string | null;
  /** RACUN only: the protective code (ZKI) computed at issue, and the JIR once the service answered one. */
  zki: string | null;
  jir: string | null;
  created_at: string;
  updated_at: string;
}

/** The outbox of received e-invoices to fiscalize as received (`vrstaERacuna` U, decision 038). */
export interface FiscalReceivedTable {
  received_document_id: number;
  /** PENDING, FISCALIZED or FAILED (mirrored in `received_document.fiscal_status`). */
  status: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** Five working days after the day of receipt (ZoF čl. 48 st. 4), yyyy-MM-dd. */
  deadline: string;
  request_id: string | null;
  fiscalized_at: string | null;
  error_code: string | null;
  error_text: string | null;
  claimed_until: string | null;
  claimed_by: string | null;
  created_at: string;
  updated_at: string;
}

/** The payment-report outbox: one row per payment on a fiscalized e-invoice (decision 030). */
export interface FiscalPaymentTable {
  payment_id: number;
  invoice_id: number;
  /** PENDING, REPORTED or FAILED. */
  status: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** The 20th of the month after the payment (ZoF čl. 53), yyyy-MM-dd. */
  deadline: string;
  request_id: string | null;
  reported_at: string | null;
  error_code: string | null;
  error_text: string | null;
  claimed_until: string | null;
  claimed_by: string | null;
  created_at: string;
  updated_at: string;
}

/** Every fiscalization message exchanged, as sent and received; rows are only ever added. */
export interface FiscalMessageTable {
  id: Generated<number>;
  /** The issued document the message is about, or null when it is about a received one. */
  invoice_id: number | null;
  /** The received document the message is about (`vrstaERacuna` U), or null (decision 038). */
  received_document_id: number | null;
  kind: string;
  message_id: string;
  /** FISCALIZED, RETRY or FAILED. */
  outcome: string;
  request_id: string | null;
  error_code: string | null;
  error_text: string | null;
  http_status: number | null;
  request_xml: string;
  response_xml: string | null;
  sent_at: string;
}

/** A template the operator changed; without a row the catalogue's default is used. */
export interface EmailTemplateTable {
  language: string;
  kind: string;
  subject: string;
  body: string;
  updated_at: string;
}

/** One sending of an invoice or reminder, written once with its outcome. Lists are JSON arrays. */
export interface InvoiceEmailTable {
  id: Generated<number>;
  invoice_id: number;
  kind: string;
  language: string;
  /** SENT or FAILED. */
  status: string;
  recipients: string;
  cc: string;
  bcc: string | null;
  subject: string;
  body: string;
  attachments: string;
  message_id: string | null;
  /** Why it failed (auth, connection, tls, timeout, recipient, rejected, unknown). */
  error_code: string | null;
  server_response: string | null;
  created_at: string;
}

/**
 * A payment received on an invoice (decision 027), in the invoice's currency; a correction is
 * negative and names the payment it corrects. Deletable only while `reported_at` is null.
 */
export interface InvoicePaymentTable {
  id: Generated<number>;
  invoice_id: number;
  /** The day the money arrived (yyyy-MM-dd). */
  paid_on: string;
  amount_cents: number;
  method: PaymentRecordMethod;
  note: string | null;
  corrects_payment_id: number | null;
  /** Who recorded it. */
  operator_id: number;
  /** When it was reported to the Tax Administration (ISO UTC), null until then. */
  reported_at: string | null;
  created_at: string;
}

/** A received e-invoice or credit note (issue 46); what the inbox lists, read once from its XML. */
export interface ReceivedDocumentTable {
  id: Generated<number>;
  /** INTERMEDIARY or IMPORT. */
  source: string;
  /** MOJ_ERACUN (INTERMEDIARY), null for an import. */
  provider: string | null;
  provider_document_id: string | null;
  /** INVOICE or CREDIT_NOTE. */
  document_type: string;
  type_code: string;
  number: string;
  issue_date: string;
  issue_year: number;
  due_date: string | null;
  currency: string;
  /** The supplier's OIB, else its VAT id or electronic address: with number and year, unique. */
  supplier_key: string;
  supplier_oib: string | null;
  supplier_name: string;
  buyer_oib: string | null;
  net_cents: number;
  vat_cents: number;
  total_cents: number;
  payable_cents: number;
  paid_cents: Generated<number>;
  /** RECEIVED, PAID or REJECTED. */
  state: string;
  /** PENDING, FISCALIZED, FAILED or BY_INTERMEDIARY. */
  fiscal_status: string;
  /** Five working days after `received_on`, yyyy-MM-dd. */
  fiscal_deadline: string;
  /** PENDING, VALID or INVALID. */
  validation_status: string;
  /** JSON `{ xsd, en16931, hrCius }`, null while PENDING. */
  validation_report: string | null;
  validated_at: string | null;
  /** Comma-separated `ReceivedFlag`s, '' for none. */
  flags: string;
  /** Lower-case number, supplier name and OIB, for the search. */
  search_text: string;
  file_name: string | null;
  sha256: string;
  byte_size: number;
  received_at: string;
  /** The day it was received in Zagreb (yyyy-MM-dd). */
  received_on: string;
  retained_until: string;
  /** When the intermediary was told the document is kept (after its bytes were committed); null: not yet, or imported by hand. */
  acknowledged_at: string | null;
  /** INTERMEDIARY mode: the Tax Administration's refusal of the intermediary's fiscalization of it, as the intermediary passes it on. */
  provider_fiscal_error: string | null;
  /** INTERMEDIARY mode: when the intermediary fiscalized it, as it says. */
  provider_fiscal_at: string | null;
  /** When the intermediary was last asked about its fiscalization. */
  provider_checked_at: string | null;
}

/** The original bytes of a received document, never changed. */
export interface ReceivedDocumentFileTable {
  document_id: number;
  bytes: Buffer;
}

/** A payment the user made of a received document (decision 039), in its currency. */
export interface ReceivedPaymentTable {
  id: Generated<number>;
  document_id: number;
  /** The day paid (yyyy-MM-dd). */
  paid_on: string;
  amount_cents: number;
  method: PaymentRecordMethod;
  note: string | null;
  operator_id: number;
  created_at: string;
}

/** The rejection of a received document and the outbox of its reports (decision 040); one per document. */
export interface ReceivedRejectionTable {
  document_id: number;
  /** yyyy-MM-dd, Zagreb: `datumOdbijanja`. */
  rejected_on: string;
  /** N, U or O (`vrstaRazlogaOdbijanja`). */
  type: string;
  reason: string;
  was_paid: Generated<number>;
  operator_id: number;
  created_at: string;
  /** PENDING, REPORTED, FAILED (SELF), BY_INTERMEDIARY or NONE. */
  report_status: string;
  /** The 20th of the month after the rejection (ZoF čl. 52 st. 1). */
  deadline: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  request_id: string | null;
  reported_at: string | null;
  error_code: string | null;
  error_text: string | null;
  claimed_until: string | null;
  claimed_by: string | null;
  /** Telling the intermediary: PENDING, DONE, FAILED; null when there is no intermediary to tell. */
  intermediary_status: string | null;
  intermediary_attempts: Generated<number>;
  intermediary_next_at: string | null;
  intermediary_error: string | null;
  intermediary_claimed_until: string | null;
  intermediary_claimed_by: string | null;
  updated_at: string;
}

/** The intermediary's inbox rounds (one row, id 1). */
export interface InboxFetchTable {
  id: number;
  last_attempt_at: string | null;
  last_ok_at: string | null;
  last_error: string | null;
  claimed_by: string | null;
  claimed_until: string | null;
  /** JSON of the last round's counts (`InboxFetch`), for the inbox's "last fetched" line. */
  last_result: string | null;
}

/** A quote's yearly number sequence (decision 043): P-{seq}/{year}, never the invoices'. */
export interface QuoteCounterTable {
  number_year: number;
  last_seq: number;
}

/** A quote (ponuda, decision 043): prices offered, never an invoice; its stored state and what it became. */
export interface QuoteTable {
  id: Generated<number>;
  number_year: number;
  number_seq: number;
  client_id: number;
  operator_id: number;
  /** DRAFT, SENT, ACCEPTED or DECLINED; EXPIRED is read from `valid_until` and Zagreb's today. */
  state: string;
  quote_date: string;
  valid_until: string;
  payment_due_days: number;
  payment_method: string;
  vat_treatment: string;
  currency_code: string;
  eur_fx_rate: string | null;
  note: string | null;
  subtotal_cents: number;
  vat_cents: number;
  total_cents: number;
  sent_at: string | null;
  decided_at: string | null;
  /** The invoice made from it ("Make invoice"), the newest when made again. */
  invoice_id: number | null;
  created_at: string;
  updated_at: string;
}

/** A quote's line, in the invoice line's integer units (decision 018). */
export interface QuoteLineTable {
  id: Generated<number>;
  quote_id: number;
  position: number;
  line_item_id: number | null;
  description: string;
  description_en: string | null;
  quantity_milli: number;
  unit: Unit;
  unit_price_cents: number;
  currency_code: CurrencyCode;
  discount_bp: number;
  vat_rate_bp: number;
  line_total_cents: number;
  kpd_code: string | null;
}

export interface Database {
  operator: OperatorTable;
  refresh_token: RefreshTokenTable;
  login_throttle: LoginThrottleTable;
  address: AddressTable;
  company: CompanyTable;
  contract: ContractTable;
  line_item: LineItemTable;
  issuer: IssuerTable;
  invoice: InvoiceTable;
  invoice_advance: InvoiceAdvanceTable;
  invoice_line: InvoiceLineTable;
  invoice_counter: InvoiceCounterTable;
  invoice_month_total: InvoiceMonthTotalTable;
  audit_log: AuditLogTable;
  audit_head: AuditHeadTable;
  idempotency_key: IdempotencyKeyTable;
  email_settings: EmailSettingsTable;
  email_template: EmailTemplateTable;
  invoice_email: InvoiceEmailTable;
  invoice_payment: InvoicePaymentTable;
  fiscal_settings: FiscalSettingsTable;
  delivery_settings: DeliverySettingsTable;
  delivery_document: DeliveryDocumentTable;
  fiscal_document: FiscalDocumentTable;
  fiscal_message: FiscalMessageTable;
  fiscal_payment: FiscalPaymentTable;
  fiscal_received: FiscalReceivedTable;
  invoice_payment_month: InvoicePaymentMonthTable;
  received_document: ReceivedDocumentTable;
  received_document_file: ReceivedDocumentFileTable;
  inbox_fetch: InboxFetchTable;
  received_payment: ReceivedPaymentTable;
  received_rejection: ReceivedRejectionTable;
  quote: QuoteTable;
  quote_line: QuoteLineTable;
  quote_counter: QuoteCounterTable;
}

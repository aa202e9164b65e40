import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './2026_11_22_0001_initial';
import * as invoiceSnapshots from './2026_11_22_0002_invoice_snapshots';
import * as creditNotesEinvoice from './2026_11_23_0001_credit_notes_einvoice';
import * as loginThrottleScopes from './2026_11_23_0101_login_throttle_scopes';
import * as invoiceReadIndexes from './2026_11_24_0101_invoice_read_indexes';
import * as auditIdempotency from './2026_11_24_0401_audit_idempotency';
import * as email from './2026_11_24_0501_email';
import * as refreshSuccessor from './2026_11_24_0601_refresh_successor';
import * as issuerEnglishNotes from './2026_11_24_0701_issuer_english_notes';
import * as snapshotV1 from './2026_11_24_0801_snapshot_v1';
import * as invoiceMonthTotals from './2026_11_25_0101_invoice_month_totals';
import * as snapshotOperator from './2026_11_25_0201_snapshot_operator';
import * as invoiceClientRentIndex from './2026_11_25_1201_invoice_client_rent_index';
import * as monthTotalDocuments from './2026_11_25_1801_month_total_documents';
import * as supplyPeriod from './2026_11_26_0101_supply_period';
import * as loginThrottleFailures from './2026_11_26_0301_login_throttle_failures';
import * as payments from './2026_11_26_0501_payments';
import * as issuerFlatRate from './2026_11_26_0901_issuer_flat_rate';
import * as paymentTotals from './2026_11_26_1101_payment_totals';
import * as fiscalization from './2026_11_26_1201_fiscalization';
import * as clientReceivesEInvoices from './2026_11_27_1301_client_receives_einvoices';
import * as consumerFiscalization from './2026_11_28_0101_consumer_fiscalization';
import * as overdueCovering from './2026_11_28_0201_overdue_covering';
import * as deliverySettings from './2026_11_29_0101_delivery_settings';
import * as deliveryDocument from './2026_11_29_0201_delivery_document';
import * as deliveryFiscalization from './2026_11_29_0301_delivery_fiscalization';
import * as receivedDocuments from './2026_12_06_0101_received_documents';
import * as fiscalReceived from './2026_12_07_0101_fiscal_received';
import * as receivedPayments from './2026_12_07_0201_received_payments';
import * as receivedRejection from './2026_12_08_0101_received_rejection';
import * as receivedRetentionGuard from './2026_12_07_0301_received_retention_guard';
import * as inboxFetching from './2026_12_07_0401_inbox_fetching';
import * as buyerRejection from './2026_12_08_0201_buyer_rejection';
import * as quotes from './2026_12_09_0201_quotes';
import * as advanceInvoices from './2026_12_09_0301_advance_invoices';
import * as invoiceCreditedPartial from './2026_11_27_1401_invoice_credited_partial';

/**
 * Migrations are listed here, not read from a folder, so the bundled server carries them.
 * Names sort by time; a landed migration is never edited, only followed by a new one.
 */
const migrations: Record<string, Migration> = {
  '2026_11_22_0001_initial': initial,
  '2026_11_22_0002_invoice_snapshots': invoiceSnapshots,
  '2026_11_23_0001_credit_notes_einvoice': creditNotesEinvoice,
  '2026_11_23_0101_login_throttle_scopes': loginThrottleScopes,
  '2026_11_24_0101_invoice_read_indexes': invoiceReadIndexes,
  '2026_11_24_0401_audit_idempotency': auditIdempotency,
  '2026_11_24_0501_email': email,
  '2026_11_24_0601_refresh_successor': refreshSuccessor,
  '2026_11_24_0701_issuer_english_notes': issuerEnglishNotes,
  '2026_11_24_0801_snapshot_v1': snapshotV1,
  '2026_11_25_0101_invoice_month_totals': invoiceMonthTotals,
  '2026_11_25_0201_snapshot_operator': snapshotOperator,
  '2026_11_25_1201_invoice_client_rent_index': invoiceClientRentIndex,
  '2026_11_25_1801_month_total_documents': monthTotalDocuments,
  '2026_11_26_0101_supply_period': supplyPeriod,
  '2026_11_26_0301_login_throttle_failures': loginThrottleFailures,
  '2026_11_26_0501_payments': payments,
  '2026_11_26_0901_issuer_flat_rate': issuerFlatRate,
  '2026_11_26_1101_payment_totals': paymentTotals,
  '2026_11_26_1201_fiscalization': fiscalization,
  '2026_11_27_1301_client_receives_einvoices': clientReceivesEInvoices,
  '2026_11_27_1401_invoice_credited_partial': invoiceCreditedPartial,
  '2026_11_28_0101_consumer_fiscalization': consumerFiscalization,
  '2026_11_28_0201_overdue_covering': overdueCovering,
  '2026_11_29_0101_delivery_settings': deliverySettings,
  '2026_11_29_0201_delivery_document': deliveryDocument,
  '2026_11_29_0301_delivery_fiscalization': deliveryFiscalization,
  '2026_12_06_0101_received_documents': receivedDocuments,
  '2026_12_07_0101_fiscal_received': fiscalReceived,
  '2026_12_07_0201_received_payments': receivedPayments,
  '2026_12_07_0301_received_retention_guard': receivedRetentionGuard,
  '2026_12_07_0401_inbox_fetching': inboxFetching,
  '2026_12_08_0101_received_rejection': receivedRejection,
  '2026_12_08_0201_buyer_rejection': buyerRejection,
  '2026_12_09_0201_quotes': quotes,
  '2026_12_09_0301_advance_invoices': advanceInvoices,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

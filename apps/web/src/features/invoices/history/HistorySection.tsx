import { useState } from 'react';
import { Alert, Pagination, Paper, Table, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import {
  type AuditAction,
  type AuditEntry,
  type Invoice,
  type Language,
  type RouteAnswer,
  DELIVERY_PROVIDERS,
  DELIVERY_STATUSES,
  PAYMENT_RECORD_METHODS,
  endpoints,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
} from '@faktura/shared';
import { apiKey, fetcherOf } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { TableScroll } from '../../../components/TableScroll';

/**
 * What changed a document may change with: its state, payment, editable fields and credit notes.
 * The history is fetched again whenever one of them changes on this page.
 */
function versionOf(invoice: Invoice): string {
  return [
    invoice.state,
    invoice.paymentDate,
    invoice.paymentDueDate,
    invoice.referenceNumber,
    invoice.extraInfo,
    invoice.creditNotes.length,
    invoice.payments,
    invoice.paidCents,
    // what the Tax Administration and the intermediary said since write entries too
    invoice.fiscalization.status,
    invoice.delivery.status,
    invoice.delivery.attempts,
    invoice.delivery.fiscalized,
    invoice.delivery.eReported,
  ].join('|');
}

/** The audit trail of one invoice or credit note (and of its credit notes), newest first. */
export function HistorySection({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const path = apiKey(endpoints.audit.list, { query: { invoiceId: String(invoice.id), page } });
  const fetchPage = fetcherOf(endpoints.audit.list);
  // Every change counts anew, also one that brings the invoice back to how it was before (a payment
  // recorded, then undone): its key must not be one whose answer is still cached from back then.
  const version = versionOf(invoice);
  const [seen, setSeen] = useState({ version, changes: 0 });
  if (seen.version !== version) setSeen({ version, changes: seen.changes + 1 });
  const { data, error } = useSWR<RouteAnswer<typeof endpoints.audit.list>, Error, [string, string, number]>(
    [path, version, seen.changes],
    ([url]) => fetchPage(url),
    // the rows stay while the next answer comes, instead of an empty table
    { keepPreviousData: true },
  );
  const language = currentLanguage();
  const pages = data ? Math.max(1, Math.ceil(data.page.total / data.page.pageSize)) : 1;
  return (
    <Paper withBorder p="md" mt="md" component="section" aria-labelledby="invoice-history">
      <Title order={2} size="h4" mb="sm" id="invoice-history">
        {t('history.title')}
      </Title>
      {error ? (
        <Alert color="red" variant="light">
          {t('history.loadFailed')}
        </Alert>
      ) : data && data.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('history.empty')}
        </Text>
      ) : (
        // on a phone the table scrolls inside itself, not the page
        <TableScroll minWidth={560}>
          <Table aria-label={t('history.table')} striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('history.columns.at')}</Table.Th>
                <Table.Th>{t('history.columns.action')}</Table.Th>
                <Table.Th>{t('history.columns.details')}</Table.Th>
                <Table.Th>{t('history.columns.operator')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.data.map((entry) => (
                <Table.Tr key={entry.seq}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at, language)}</Table.Td>
                  <Table.Td>{t(actionKey(entry.action))}</Table.Td>
                  <Table.Td>{describe(entry, t, language)}</Table.Td>
                  <Table.Td>{entry.operator ?? t('history.system')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {pages > 1 && <Pagination mt="sm" size="sm" total={pages} value={page} onChange={setPage} />}
    </Paper>
  );
}

/** `invoice.issued` -> `history.actions.invoiceIssued` (i18next reads dots as nesting). */
const actionKey = (action: AuditAction) =>
  `history.actions.${action.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase())}` as `history.actions.${'invoiceIssued'}`;

type Details = Record<string, unknown>;
const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/**
 * The fields whose values are days (ISO `yyyy-mm-dd`), written as every date is; and those that are
 * amounts in cents, written as money. Decided by the field, never by how a value looks: a reference
 * number "2026-11-01" is a text and stays one.
 */
const DATE_FIELDS: ReadonlySet<string> = new Set([
  'billingDate',
  'deliveryDate',
  'paymentDueDate',
  'paymentDate',
  'reportedOn',
  'servicePeriodStart',
  'servicePeriodEnd',
]);
const MONEY_FIELDS: ReadonlySet<string> = new Set(['totalCents', 'amountCents', 'subtotalCents', 'vatCents']);

/** A field's value as its type is written: a day as a date, cents as money, a number as a number, anything else as text. */
function value(field: string, v: unknown, t: TFunction, language: Language, currency = 'EUR'): string {
  if (v === null || v === undefined || v === '') return t('history.details.empty');
  if (typeof v === 'boolean') return t(v ? 'history.yes' : 'history.no');
  if (DATE_FIELDS.has(field) && typeof v === 'string') return formatDate(v, language);
  if (typeof v === 'number') return MONEY_FIELDS.has(field) ? formatMoney(v, currency, language) : formatNumber(v, language);
  return text(v) || JSON.stringify(v);
}

/** A payment recorded or deleted (decision 027): its day, amount and method, and whether it was a correction. */
function describePayment(d: Details, t: TFunction, language: Language): string {
  const method = PAYMENT_RECORD_METHODS.find((m) => m === d.method);
  const params = {
    date: value('paymentDate', d.paymentDate, t, language),
    amount: typeof d.amountCents === 'number' ? formatMoney(d.amountCents, text(d.currencyCode) || 'EUR', language) : '',
    method: method ? t(`payments.methods.${method}`) : text(d.method),
  };
  const sentence = t(typeof d.correctsPaymentId === 'number' ? 'history.details.paymentCorrection' : 'history.details.payment', params);
  return typeof d.note === 'string' && d.note ? t('history.details.paymentNote', { text: sentence, note: d.note }) : sentence;
}

/** A human sentence for an entry's details, in the page's language. */
function describe(entry: AuditEntry, t: TFunction, language: Language): string {
  const d: Details = entry.details;
  const amount =
    typeof d.totalCents === 'number'
      ? formatMoney(d.totalCents, text(d.currencyCode) || 'EUR', language)
      : '';
  switch (entry.action) {
    case 'invoice.issued':
      return t('history.details.issued', { number: text(d.number), client: text(d.client), amount });
    case 'invoice.cleared':
      return t('history.details.cleared', { date: value('paymentDate', d.paymentDate, t, language) });
    case 'invoice.uncleared':
      return t('history.details.uncleared', { date: value('paymentDate', d.paymentDate, t, language) });
    case 'creditNote.issued':
      return t('history.details.creditNote', {
        number: text(d.number),
        credited: text(d.creditedNumber),
        amount,
        reason: text(d.reason),
      });
    case 'payment.recorded':
    case 'payment.deleted':
      return describePayment(d, t, language);
    case 'invoice.deleted':
      return d.number
        ? t('history.details.deleted', { number: text(d.number) })
        : t('history.details.deletedDraft');
    case 'einvoice.exported':
      return t('history.details.exported', {
        language: t(`history.languages.${text(d.language) === 'en' ? 'en' : 'hr'}`),
      });
    case 'fiscalization.done':
      // a payment's report (EvidentirajNaplatuZahtjev) is no fiscalization of the document
      if (d.paymentId !== undefined) return t('history.details.paymentReported', { requestId: text(d.requestId) });
      if (d.message === 'ISPORUKA' && d.duplicate !== true) return t('history.details.supplyReported', { requestId: text(d.requestId) });
      // a consumer, cash or card invoice: the service's answer is its JIR
      if (d.message === 'RACUN') return t('history.details.receiptFiscalized', { jir: text(d.requestId) });
      return d.duplicate === true
        ? t('history.details.fiscalizedDuplicate', { requestId: text(d.requestId) })
        : t('history.details.fiscalized', { requestId: text(d.requestId) });
    case 'fiscalization.failed':
      if (d.paymentId !== undefined) return t('history.details.paymentReportFailed', { code: text(d.code), text: text(d.text) });
      return t('history.details.fiscalizationFailed', { code: text(d.code), text: text(d.text) });
    case 'fiscalization.notRequired':
      return t('history.details.fiscalNotRequired', { country: text(d.country) });
    case 'delivery.sent':
      return t(d.found === true ? 'history.details.deliveryFound' : 'history.details.deliverySent', { provider: providerName(d.provider, t), id: text(d.providerDocumentId) });
    case 'delivery.refused':
      return t('history.details.deliveryRefused', { error: text(d.error) });
    case 'delivery.status':
      return describeDeliveryStatus(d, t);
    case 'delivery.buyerRejected': {
      const type = d.type === 'N' || d.type === 'U' || d.type === 'O' ? d.type : 'unknown';
      return t('history.details.buyerRejected', { type: t(`delivery.buyer.types.${type}`), reason: text(d.reason) || '—' });
    }
    case 'invoice.reissued':
      return t('history.details.reissued', { note: text(d.creditNoteNumber) });
    case 'inbox.paymentRecorded':
    case 'inbox.paymentDeleted':
      return t('history.details.inboxPayment', {
        number: text(d.number),
        supplier: text(d.supplier),
        amount: typeof d.amountCents === 'number' ? formatMoney(d.amountCents, text(d.currencyCode) || 'EUR', language) : '',
        date: value('paymentDate', d.paymentDate, t, language),
        method: PAYMENT_RECORD_METHODS.includes(d.method as 'TRANSFER') ? t(`payments.methods.${d.method as 'TRANSFER'}`) : text(d.method),
      });
    case 'inbox.rejected':
      return t('history.details.inboxRejected', { number: text(d.number), supplier: text(d.supplier), type: text(d.type), reason: text(d.reason) });
    case 'inbox.rejectionReported':
      return t('history.details.inboxRejectionReported', { number: text(d.number), requestId: text(d.requestId) });
    case 'quote.converted':
      return t('history.details.quoteConverted', { number: text(d.number) });
    case 'inbox.rejectionToIntermediary':
      if (d.outcome === 'refused') return t('history.details.inboxRejectionToIntermediaryRefused', { number: text(d.number), error: text(d.error) });
      return t(d.step === 'REPORT' ? 'history.details.inboxRejectionToIntermediaryReport' : 'history.details.inboxRejectionToIntermediarySupplier', { number: text(d.number) });
    case 'inbox.rejectionReportAgain':
      return t('history.details.inboxRejectionReportAgain', { number: text(d.number) });
    case 'inbox.rejectionReportedByHand':
      return t('history.details.inboxRejectionReportedByHand', { number: text(d.number), date: value('reportedOn', d.reportedOn, t, language) });
    case 'inbox.received':
      return t('history.details.inboxReceived', { number: text(d.number), supplier: text(d.supplier), sha256: text(d.sha256) });
    case 'inbox.intermediaryFiscalization':
      return d.status === 'FISCALIZED'
        ? t('history.details.inboxIntermediaryFiscalized', { id: text(d.providerDocumentId) })
        : t('history.details.inboxIntermediaryFiscalFailed', { id: text(d.providerDocumentId), error: text(d.error) });
    default: {
      const sentence = describeChanges(d, t, language);
      // a client marked by what the intermediary found (issue 32)
      return typeof d.source === 'string' ? t('history.details.clientMarkedBy', { changes: sentence, provider: providerName(d.source, t) }) : sentence;
    }
  }
}

/** The intermediary's name (`MOJ_ERACUN` → moj-eRačun); an unknown one as it was recorded. */
const providerName = (provider: unknown, t: TFunction) => {
  const known = DELIVERY_PROVIDERS.find((p) => p === provider);
  return known ? t(`delivery.settings.providers.${known}`) : text(provider);
};

/** Where the document stands at the intermediary: delivered or rejected, and what it says of the fiscalization. */
function describeDeliveryStatus(d: Details, t: TFunction): string {
  const status = DELIVERY_STATUSES.find((s) => s === d.status && s !== 'NOT_SENT') ?? 'SENT';
  const parts = [t(`history.details.deliveryStatus.${status as 'SENT'}`, { error: status === 'REJECTED' ? text(d.error) : '' })];
  if (d.fiscalized === true) parts.push(t('history.details.deliveryFiscalized'));
  if (d.fiscalized === false) parts.push(t('history.details.deliveryNotFiscalized', { error: text(d.error) }));
  if (d.eReported === true) parts.push(t('history.details.deliveryEReported'));
  return parts.join('; ');
}

/** The changed fields, each with what it was and what it became. */
function describeChanges(d: Details, t: TFunction, language: Language): string {
  const changes = (d.changes ?? {}) as Record<string, { from: unknown; to: unknown }>;
  return Object.entries(changes)
    .map(([field, change]) =>
      t('history.details.change', {
        field: t(`fields.${field}`, { defaultValue: field }),
        from: value(field, change.from, t, language, text(d.currencyCode) || 'EUR'),
        to: value(field, change.to, t, language, text(d.currencyCode) || 'EUR'),
      }),
    )
    .join('; ');
}

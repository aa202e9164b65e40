import { type ExpressionBuilder, sql } from 'kysely';
import { type InvoiceState, sumCents } from '@faktura/shared';
import { type Bound, compiledOnce } from '../../db/compiledOnce';
import type { Db } from '../../db/connection';
import type { Database } from '../../db/schema';
import { LIST_COLUMNS } from './invoice.mapper';
import { countDocumentsQuery } from './invoice.monthTotals.repository';
import type { ListFilters } from './invoice.queries';

/**
 * The statements of the invoice list and the dashboard (`invoice.queries.ts` composes them): a page
 * of list rows, their count, a year's overdue count and latest documents, and the list's filter
 * "not yet invoiced this month". What keeps them fast at 50,000 invoices: decision 009.
 */

/**
 * The list's filters as the values its statements bind. Its statements are built and compiled once
 * per shape of the filters (`compiledOnce`: which are given, the booleans), so every value the
 * statements take is derived here, never while they are built (issue 33 item 2).
 */
export interface ListValues extends Record<string, string | number | boolean | undefined> {
  /** The year's first and last day (a year chosen), and its number (the month counts). */
  yearFrom: string | undefined;
  yearTo: string | undefined;
  year: number | undefined;
  state: string | undefined;
  /** Overdue on `today` (`dueBefore`). */
  overdue: boolean;
  dueBefore: string | undefined;
  /** Rent clients still to invoice in the month of `today` (its first and last day). */
  notInvoicedThisMonth: boolean;
  monthFrom: string | undefined;
  monthTo: string | undefined;
  fiscalStatus: string | undefined;
  /** Issued and never handed to the intermediary; or whose fiscalization the intermediary reports failed; otherwise the outbox's status, when one is chosen. */
  notSent: boolean;
  notFiscalized: boolean;
  /** Rejected by the buyer (issue 47). */
  buyerRejected: boolean;
  deliveryStatus: string | undefined;
  /** The text searched, as a LIKE pattern; when it has a digit, also by number (`numberSearch`). */
  pattern: string | undefined;
  numberSearch: boolean;
  number: string | undefined;
  numberPrefix: string | undefined;
  limit: number;
  offset: number;
}

const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function listValues(filters: ListFilters, today: string): ListValues {
  const year = filters.year === undefined ? undefined : String(filters.year).padStart(4, '0');
  const month = today.slice(0, 7);
  const q = filters.q ? filters.q.toLowerCase() : undefined;
  // searching by number (issue 31) only when the text has a digit: one without cannot be a number
  const numberSearch = q !== undefined && /\d/.test(q);
  const notSent = filters.deliveryStatus === 'NOT_SENT';
  const notFiscalized = filters.deliveryStatus === 'NOT_FISCALIZED';
  const buyerRejected = filters.deliveryStatus === 'BUYER_REJECTED';
  return {
    yearFrom: year === undefined ? undefined : `${year}-01-01`,
    yearTo: year === undefined ? undefined : `${year}-12-31`,
    year: filters.year,
    state: filters.state || undefined,
    overdue: Boolean(filters.overdue),
    dueBefore: filters.overdue ? today : undefined,
    notInvoicedThisMonth: Boolean(filters.notInvoicedThisMonth),
    monthFrom: filters.notInvoicedThisMonth ? `${month}-01` : undefined,
    monthTo: filters.notInvoicedThisMonth ? `${month}-31` : undefined,
    fiscalStatus: filters.fiscalStatus || undefined,
    notSent,
    notFiscalized,
    buyerRejected,
    deliveryStatus: notSent || notFiscalized || buyerRejected ? undefined : filters.deliveryStatus || undefined,
    pattern: q ? `%${likeEscaped(q)}%` : undefined,
    numberSearch,
    number: numberSearch ? q : undefined,
    numberPrefix: numberSearch && q ? `${likeEscaped(q)}%` : undefined,
    limit: filters.pageSize,
    offset: (filters.page - 1) * filters.pageSize,
  };
}

/** The list's filters on the invoices alone, and with the client joined (for the text search and the rows). */
function listed(db: Db, v: ListValues) {
  let query = db.selectFrom('invoice');
  if (v.yearFrom !== undefined && v.yearTo !== undefined) {
    query = query.where('invoice.billing_date', '>=', v.yearFrom).where('invoice.billing_date', '<=', v.yearTo);
  }
  if (v.state !== undefined) query = query.where('invoice.state', '=', v.state as InvoiceState);
  if (v.overdue && v.dueBefore !== undefined) {
    query = query
      .where('invoice.state', '=', 'PUBLISHED')
      .where('invoice.document_type', '=', 'INVOICE')
      .where('invoice.payment_due_date', '<', v.dueBefore);
  }
  if (v.notInvoicedThisMonth && v.monthFrom !== undefined && v.monthTo !== undefined) {
    query = query.where(notInvoicedIn(v.monthFrom, v.monthTo));
  }
  const { fiscalStatus } = v;
  if (fiscalStatus !== undefined) {
    // by the fiscalization record's status (decision 030), from its primary key per row
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('fiscal_document')
          .select(sql<number>`1`.as('one'))
          .whereRef('fiscal_document.invoice_id', '=', 'invoice.id')
          .where('fiscal_document.status', '=', fiscalStatus),
      ),
    );
  }
  const { deliveryStatus } = v;
  if (v.notSent) {
    // issued and never handed to the intermediary (issue 32): no outbox row
    query = query
      .where('invoice.state', '!=', 'DRAFT')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('delivery_document')
              .select(sql<number>`1`.as('one'))
              .whereRef('delivery_document.invoice_id', '=', 'invoice.id'),
          ),
        ),
      );
  } else if (v.notFiscalized || v.buyerRejected || deliveryStatus !== undefined) {
    // by the delivery outbox's status, or its fiscalization the intermediary reports failed (issue 32),
    // from its primary key per row
    query = query.where((eb) => {
      const row = eb.selectFrom('delivery_document').select(sql<number>`1`.as('one')).whereRef('delivery_document.invoice_id', '=', 'invoice.id');
      return eb.exists(
        v.notFiscalized
          ? row.where('delivery_document.fiscalized', '=', 0)
          : v.buyerRejected
            ? row.where('delivery_document.buyer_rejected_at', 'is not', null)
            : row.where('delivery_document.status', '=', deliveryStatus ?? ''),
      );
    });
  }
  let joined = query.innerJoin('company', 'company.id', 'invoice.client_id');
  const { pattern } = v;
  if (pattern !== undefined) {
    joined = joined.where((eb) =>
      eb.or([
        eb(sql`lower(company.name)`, 'like', sql<string>`${pattern} escape '\\'`),
        eb(sql`lower(coalesce(invoice.invoice_number, ''))`, 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  return { query, joined };
}

/**
 * How many invoices the list's filters match, and the years that have documents (the list's year
 * facets, drafts too), in one statement (issue 33 item 1): the count, then one row per year. By year
 * and state alone the count is a sum of the month counts (decision 009); with other filters it
 * counts the rows, without the client join unless it searches by text (every invoice has its
 * client: a foreign key that is never null). The years come from the month counts.
 */
export async function countAndYears(db: Db, values: ListValues): Promise<{ count: number; years: number[] }> {
  const { rows } = await countAndYearsStatement(db, values);
  let count = 0;
  const years: number[] = [];
  for (const row of rows) {
    if (row.year === null) count = Number(row.n ?? 0);
    else years.push(Number(row.year));
  }
  // newest first (a compound statement sorts only as a whole)
  return { count, years: years.sort((a, b) => b - a) };
}

type CountOrYear = { n: number | string | null; year: number | null };

const countAndYearsStatement = compiledOnce((db: Db, v: ListValues) => {
  const noYear = sql<number | null>`cast(null as integer)`.as('year');
  let counted;
  if (v.pattern === undefined && !v.overdue && !v.notInvoicedThisMonth && v.fiscalStatus === undefined && !v.notSent && !v.notFiscalized && v.deliveryStatus === undefined) {
    counted = countDocumentsQuery(db, { year: v.year, state: v.state as InvoiceState | undefined }).select(noYear).$castTo<CountOrYear>();
  } else {
    const { query, joined } = listed(db, v);
    counted = (v.pattern !== undefined ? joined : query).select((eb) => [eb.fn.countAll<number | string>().as('n'), noYear]).$castTo<CountOrYear>();
  }
  const years = db
    .selectFrom('invoice_month_total')
    .select([sql<number | string | null>`cast(null as bigint)`.as('n'), 'year'])
    .where('documents', '>', 0)
    .distinct()
    .$castTo<CountOrYear>();
  return counted.unionAll(years);
});

/**
 * Each row's payments and its credit notes summed (decision 028), from the payments' and the credit
 * notes' indexes by invoice: what was paid on it, and what its credit notes (negative) took off.
 */
function paidColumns(eb: ExpressionBuilder<Database, 'invoice'>) {
  return [paidSum(eb).as('paid_cents'), creditedSum(eb).as('credited_cents')];
}

/**
 * What a list row's actions and paid state depend on (decision 027-030), read with the row from
 * indexes by invoice (issue 33 item 1: no reads after the page): its payments summed and counted, its
 * credit notes summed (null: none), its fiscalization status (null: none) and the newest number taken
 * in its sequence (null: a draft).
 */
function rowColumns(eb: ExpressionBuilder<Database, 'invoice'>) {
  return [
    ...paidColumns(eb),
    eb
      .selectFrom('invoice_payment')
      .select((p) => p.fn.countAll<number | string>().as('n'))
      .whereRef('invoice_payment.invoice_id', '=', 'invoice.id')
      .as('payment_count'),
    eb.selectFrom('fiscal_document').select('fiscal_document.status').whereRef('fiscal_document.invoice_id', '=', 'invoice.id').as('fiscal_status'),
    eb
      .selectFrom('invoice_counter')
      .select('invoice_counter.last_seq')
      .whereRef('invoice_counter.number_year', '=', 'invoice.number_year')
      .whereRef('invoice_counter.premises_code', '=', 'invoice.premises_code')
      .whereRef('invoice_counter.device_code', '=', 'invoice.device_code')
      .as('last_seq'),
  ];
}

const paidSum = (eb: ExpressionBuilder<Database, 'invoice'>) =>
  eb
    .selectFrom('invoice_payment')
    .select((p) => p.fn.sum<number | string | null>('invoice_payment.amount_cents').as('s'))
    .whereRef('invoice_payment.invoice_id', '=', 'invoice.id');

const creditedSum = (eb: ExpressionBuilder<Database, 'invoice'>) =>
  eb
    .selectFrom('invoice as note')
    .select((n) => n.fn.sum<number | string | null>('note.total_cents').as('s'))
    .whereRef('note.credited_invoice_id', '=', 'invoice.id');

/** A page of the list's rows, newest first (billing date, then id), with the client's name. */
export async function listedPage(db: Db, values: ListValues) {
  return (await listedPageStatement(db, values)).rows;
}

/** The statement of `listedPage` (its plan is tested: queryPlans.test.ts). */
export function listedPageQuery(db: Db, filters: ListFilters, today: string) {
  return pageQuery(db, listValues(filters, today));
}

const listedPageStatement = compiledOnce(pageQuery);

function pageQuery(db: Db, v: ListValues) {
  let page = listed(db, v)
    .joined.leftJoin('delivery_document', 'delivery_document.invoice_id', 'invoice.id')
    .select([...LIST_COLUMNS, 'company.name as client_name', 'delivery_document.status as delivery_status', 'delivery_document.buyer_rejected_at'])
    .select((eb) => rowColumns(eb as unknown as ExpressionBuilder<Database, 'invoice'>));
  const { number, numberPrefix } = v;
  if (v.numberSearch && number !== undefined && numberPrefix !== undefined) {
    // searching by number (issue 31): the exact number first, then the numbers that start with the
    // text, then the other matches, each newest first. The matches are sorted (a text search reads
    // them all anyway); a search without a digit cannot be a number and keeps the list index's order.
    page = page.orderBy(
      sql`case when lower(coalesce(invoice.invoice_number, '')) = ${number} then 0 when lower(coalesce(invoice.invoice_number, '')) like ${numberPrefix} escape '\\' then 1 else 2 end`,
    );
  }
  return page.orderBy('invoice.billing_date', 'desc').orderBy('invoice.id', 'desc').limit(v.limit).offset(v.offset);
}

/**
 * A year of the dashboard as its statements bind it: its first and last day. The dashboard's
 * statements are built once (`compiledOnce`), so the values are derived here, never while building.
 */
interface YearSpan extends Record<string, Bound> {
  from: string;
  to: string;
}
const yearSpan = (year: number): YearSpan => {
  const y = String(year).padStart(4, '0');
  return { from: `${y}-01-01`, to: `${y}-12-31` };
};

/** The issued documents billed in a year (the dashboard's). */
function issuedInYear(db: Db, { from, to }: YearSpan) {
  return db.selectFrom('invoice').where('invoice.state', '!=', 'DRAFT').where('invoice.billing_date', '>=', from).where('invoice.billing_date', '<=', to);
}

/**
 * What of a year is overdue on `today` (issued invoices not paid in full, past their due date): how
 * many, what is still due on the euro ones (their totals, less their credit notes and payments)
 * added up by the database, and the foreign-currency ones as rows, each converted at its own rate by
 * the caller (a rounding per document the database does not share). The count and the euro totals
 * come from `invoice_overdue_idx` alone (state, kind, due date, billing date, rate, total); the
 * payments and credit notes of the overdue euro invoices are summed by their own indexes. At 50,000
 * invoices a year the thousands of overdue euro invoices no longer travel to the process one by one,
 * nor cost two lookups each (issue 33, S1).
 */
export async function overdueOfYear(db: Db, year: number, today: string) {
  const values = { ...yearSpan(year), today };
  const [{ rows: [totals] }, { rows: foreign }] = await Promise.all([overdueTotalsStatement(db, values), overdueForeignStatement(db, values)]);
  const eurDueCents = sumCents([Number(totals?.total ?? 0), Number(totals?.credited ?? 0), -Number(totals?.paid ?? 0)]);
  return { count: Number(totals?.count ?? 0), eurDueCents, foreign };
}

/** A year's span and the day that is today: the values of the overdue statements. */
interface OverdueValues extends YearSpan {
  today: string;
}

/** The overdue invoices of a year (see `overdueOfYear`). */
function overdueInYear(db: Db, v: OverdueValues) {
  return issuedInYear(db, v)
    .where('invoice.state', '=', 'PUBLISHED')
    .where('invoice.document_type', '=', 'INVOICE')
    .where('invoice.payment_due_date', '<', v.today);
}

/** No rate: a euro document, whose due needs no conversion. */
const inEuro = sql<boolean>`(invoice.eur_fx_rate is null or invoice.eur_fx_rate = '')`;

/** The count and the euro sums of `overdueOfYear`, one statement (its plan is tested: queryPlans.test.ts). */
export function overdueOfYearQuery(db: Db, year: number, today: string) {
  return overdueTotalsQuery(db, { ...yearSpan(year), today });
}

function overdueTotalsQuery(db: Db, v: OverdueValues) {
  const euro = () => overdueInYear(db, v).where(inEuro);
  return db.selectNoFrom([
    overdueInYear(db, v)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .$asScalar()
      .as('count'),
    euro()
      .select((eb) => eb.fn.sum<number | string | null>('invoice.total_cents').as('s'))
      .$asScalar()
      .as('total'),
    euro()
      .innerJoin('invoice_payment', 'invoice_payment.invoice_id', 'invoice.id')
      .select((eb) => eb.fn.sum<number | string | null>('invoice_payment.amount_cents').as('s'))
      .$asScalar()
      .as('paid'),
    euro()
      .innerJoin('invoice as note', 'note.credited_invoice_id', 'invoice.id')
      .select((eb) => eb.fn.sum<number | string | null>('note.total_cents').as('s'))
      .$asScalar()
      .as('credited'),
  ]);
}

/** The foreign-currency rows of `overdueOfYear`: total, rate, payments, credit notes. */
export function overdueForeignQuery(db: Db, year: number, today: string) {
  return overdueForeignOf(db, { ...yearSpan(year), today });
}

function overdueForeignOf(db: Db, v: OverdueValues) {
  return overdueInYear(db, v)
    .where(sql<boolean>`not ${inEuro}`)
    .select(['invoice.total_cents', 'invoice.eur_fx_rate'])
    .select((eb) => paidColumns(eb));
}

// the dashboard's statements, built once (on PostgreSQL also prepared once per connection)
const overdueTotalsStatement = compiledOnce(overdueTotalsQuery);
const overdueForeignStatement = compiledOnce(overdueForeignOf);

/** The newest issued documents of a year, as list rows with the client's name. */
export async function latestOfYear(db: Db, year: number, limit: number) {
  return (await latestStatement(db, { ...yearSpan(year), limit })).rows;
}

const latestStatement = compiledOnce((db: Db, v: YearSpan & { limit: number }) =>
  issuedInYear(db, v)
    .innerJoin('company', 'company.id', 'invoice.client_id')
    .leftJoin('delivery_document', 'delivery_document.invoice_id', 'invoice.id')
    .select([...LIST_COLUMNS, 'company.name as client_name', 'delivery_document.status as delivery_status', 'delivery_document.buyer_rejected_at'])
    .select((eb) => rowColumns(eb as unknown as ExpressionBuilder<Database, 'invoice'>))
    .orderBy('invoice.billing_date', 'desc')
    .orderBy('invoice.id', 'desc')
    .limit(v.limit),
);

/** Documents a rent client is billed by: invoices (not credit notes) under a RENT contract. */
const ISSUED = ['PUBLISHED', 'CLEARED'] as const;

/**
 * The list filter "not yet invoiced this month" (`notInvoicedThisMonth=1`): for every client that
 * has a RENT contract, its latest issued RENT invoice, as long as no RENT invoice of that client
 * (a draft or issued one; credit notes do not count) is billed in the month of `today` (Zagreb).
 * The row is what the operator repeats for this month.
 *
 * Driven by the RENT contracts (a handful), each answered by one step backwards along
 * `invoice_client_rent_idx` (client, contract type, document type, billing date, id): no scan of
 * the invoices, however many there are.
 */
export function notInvoicedThisMonth(today: string) {
  const month = today.slice(0, 7);
  return notInvoicedIn(`${month}-01`, `${month}-31`);
}

/** `notInvoicedThisMonth` for the month from `monthFrom` to `monthTo` (its first and last day). */
function notInvoicedIn(monthFrom: string, monthTo: string) {
  return (eb: ExpressionBuilder<Database, 'invoice'>) =>
    eb(
      'invoice.id',
      'in',
      eb
        .selectFrom('contract')
        .where('contract.type', '=', 'RENT')
        .where((outer) =>
          outer.not(
            outer.exists(
              outer
                .selectFrom('invoice as billed')
                .select(sql<number>`1`.as('one'))
                .whereRef('billed.client_id', '=', 'contract.company_id')
                .where('billed.contract_type', '=', 'RENT')
                .where('billed.document_type', '=', 'INVOICE')
                .where('billed.billing_date', '>=', monthFrom)
                .where('billed.billing_date', '<=', monthTo),
            ),
          ),
        )
        .select((inner) =>
          inner
            .selectFrom('invoice as latest')
            .select('latest.id')
            .whereRef('latest.client_id', '=', 'contract.company_id')
            .where('latest.contract_type', '=', 'RENT')
            .where('latest.document_type', '=', 'INVOICE')
            .where('latest.state', 'in', ISSUED)
            .orderBy('latest.billing_date', 'desc')
            .orderBy('latest.id', 'desc')
            .limit(1)
            .as('id'),
        ),
    );
}

/**
 * What the dashboard asks the user to look at about e-invoice delivery (issue 32), whatever the
 * year: documents the buyer's side rejected and those the intermediary refused. One statement, by
 * the outbox's `(status, next_attempt_at)` index: only those rows are read.
 */
export async function deliveryAttention(db: Db): Promise<{ rejected: number; failed: number; notFiscalized: number; buyerRejected: number }> {
  const { rows } = await deliveryAttentionStatement(db, {});
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { rejected: count('REJECTED'), failed: count('FAILED'), notFiscalized: count('NOT_FISCALIZED'), buyerRejected: count('BUYER_REJECTED') };
}

const deliveryAttentionStatement = compiledOnce((db: Db, _: Record<string, never>) =>
  db
    .selectFrom('delivery_document')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('status', 'in', ['REJECTED', 'FAILED'])
    .groupBy('status')
    // and those whose fiscalization the intermediary reports failed, along `delivery_document_fiscalized_idx`
    .unionAll((eb) =>
      eb
        .selectFrom('delivery_document')
        .select([sql<string>`'NOT_FISCALIZED'`.as('status'), (e) => e.fn.countAll<number | string>().as('count')])
        .where('fiscalized', '=', 0),
    )
    // and those the buyer rejected (issue 47) that are not stornoed yet, along `delivery_document_buyer_rejected_idx`
    .unionAll((eb) =>
      eb
        .selectFrom('delivery_document')
        .innerJoin('invoice', 'invoice.id', 'delivery_document.invoice_id')
        .select([sql<string>`'BUYER_REJECTED'`.as('status'), (e) => e.fn.countAll<number | string>().as('count')])
        .where('delivery_document.buyer_rejected_at', 'is not', null)
        .where((e) => e.or([e('invoice.credit_status', 'is', null), e('invoice.credit_status', '!=', 'FULL')])),
    ),
);

/**
 * What the dashboard asks the user to look at about fiscalization (decision 030), whatever the year:
 * documents refused, documents waiting to be sent and those past their deadline (by the outbox's
 * `(status, next_attempt_at)` index: only waiting and refused rows are read), payment reports refused.
 */
export async function fiscalAttention(
  db: Db,
  today: string,
): Promise<{ failed: number; pending: number; late: number; waiting: number; waitingUntil: string | null; paymentReportsFailed: number }> {
  const [{ rows: documents }, { rows: [payments] }] = await Promise.all([fiscalWaitingStatement(db, {}), paymentReportsFailedStatement(db, {})]);
  const pending = documents.filter((d) => d.status === 'PENDING');
  // sent at least once without success (the service was down) and still within the deadline: waiting for a later delivery
  const waiting = pending.filter((d) => d.attempts > 0 && d.deadline >= today).map((d) => d.deadline).sort();
  return {
    failed: documents.length - pending.length,
    pending: pending.length,
    late: pending.filter((d) => d.deadline < today).length,
    waiting: waiting.length,
    waitingUntil: waiting[0] ?? null,
    paymentReportsFailed: Number(payments?.count ?? 0),
  };
}

const fiscalWaitingStatement = compiledOnce((db: Db, _: Record<string, never>) =>
  db.selectFrom('fiscal_document').select(['status', 'deadline', 'attempts']).where('status', 'in', ['PENDING', 'FAILED']),
);
const paymentReportsFailedStatement = compiledOnce((db: Db, _: Record<string, never>) =>
  db
    .selectFrom('fiscal_payment')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', '=', 'FAILED'),
);

import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema';

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
                .where('billed.billing_date', '>=', `${month}-01`)
                .where('billed.billing_date', '<=', `${month}-31`),
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

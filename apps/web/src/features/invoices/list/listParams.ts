// The list's filters as its address carries them; no React here, so main.tsx can read them at boot (readListScreenEarly).
import type { DeliveryFilter, FiscalStatus } from '@faktura/shared';

/**
 * The fiscalization statuses the list filters by (decision 030), those that need the user first.
 * Written out here: the boot script reads the address with this file and takes in no zod schema.
 */
export const FISCAL_FILTERS = ['FAILED', 'PENDING', 'FISCALIZED', 'NOT_REQUIRED', 'BY_INTERMEDIARY'] as const satisfies readonly FiscalStatus[];

/**
 * The e-invoice delivery statuses the list filters by (issue 32), those that need the user first.
 * Written out here for the same reason.
 */
export const DELIVERY_FILTERS = ['REJECTED', 'BUYER_REJECTED', 'NOT_FISCALIZED', 'FAILED', 'PENDING', 'SENT', 'DELIVERED', 'NOT_SENT'] as const satisfies readonly DeliveryFilter[];

/** Years the API accepts; anything else in a hand-edited address is ignored, not sent. */
export function yearParam(value: string | null): number | null {
  const year = Number(value);
  return /^\d{4}$/.test(value ?? '') && year >= 2000 && year <= 2100 ? year : null;
}

function pageParam(value: string | null): number {
  const page = Number(value);
  return /^\d{1,6}$/.test(value ?? '') && page > 0 ? page : 1;
}

/** A fiscalization status the API knows (decision 030); anything else is ignored, not sent. */
function fiscalStatusParam(value: string | null): FiscalStatus | null {
  return FISCAL_FILTERS.find((status) => status === value) ?? null;
}

/** A delivery status the API knows (issue 32); anything else is ignored, not sent. */
function deliveryParam(value: string | null): DeliveryFilter | null {
  return DELIVERY_FILTERS.find((status) => status === value) ?? null;
}

/** The list's filters as an address (its search part) gives them; main.tsx reads the list with these before the screen loads. */
export function listParamsOf(params: URLSearchParams) {
  return {
    year: yearParam(params.get('year')),
    q: params.get('q')?.trim() ?? '',
    page: pageParam(params.get('page')),
    rentDue: params.get('notInvoicedThisMonth') === '1',
    fiscalStatus: fiscalStatusParam(params.get('fiscalStatus')),
    delivery: deliveryParam(params.get('delivery')),
  };
}

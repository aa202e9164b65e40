import { useSearchParams } from 'react-router';
import type { DeliveryFilter, FiscalStatus } from '@faktura/shared';
import { listParamsOf } from './listParams';

interface Changes {
  year?: number | null;
  q?: string;
  rentDue?: boolean;
  fiscalStatus?: FiscalStatus | null;
  delivery?: DeliveryFilter | null;
  page?: number;
}

/**
 * The list's filters live in the address (?year=2026&q=ana&notInvoicedThisMonth=1&fiscalStatus=FAILED&delivery=REJECTED&page=2), so a reload, a shared link
 * and the back button all show the same list.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const { year, q, page, rentDue, fiscalStatus, delivery } = listParamsOf(params);

  function update(changes: Changes, replace: boolean) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const put = (key: string, value: string | number | null | undefined) => {
          if (value) next.set(key, String(value));
          else next.delete(key);
        };
        if ('year' in changes) put('year', changes.year);
        if ('q' in changes) put('q', changes.q);
        if ('rentDue' in changes) put('notInvoicedThisMonth', changes.rentDue ? 1 : null);
        if ('fiscalStatus' in changes) put('fiscalStatus', changes.fiscalStatus);
        if ('delivery' in changes) put('delivery', changes.delivery);
        // Another filter starts again at page 1; only paging itself moves to another page.
        put('page', changes.page && changes.page > 1 ? changes.page : null);
        return next;
      },
      { replace },
    );
  }

  return {
    year,
    q,
    rentDue,
    fiscalStatus,
    delivery,
    page,
    setYear: (value: number | null) => update({ year: value }, false),
    // Starting a search adds a history entry (back shows the whole list again); refining it
    // replaces that entry, so there is not one step per pause in typing.
    setQuery: (value: string) => update({ q: value }, q !== '' && value !== ''),
    setPage: (value: number) => update({ page: value }, false),
    setRentDue: (value: boolean) => update({ rentDue: value }, false),
    setFiscalStatus: (value: FiscalStatus | null) => update({ fiscalStatus: value }, false),
    setDelivery: (value: DeliveryFilter | null) => update({ delivery: value }, false),
  };
}

import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { endpoints } from '@faktura/shared';
import { keysOf } from '../../../lib/api';

/**
 * "Back one page" after a save (spec §2). A page opened directly (bookmark, new tab) has nothing of
 * ours behind it, so it goes to the invoice list instead of leaving the app.
 */
export function useGoBack() {
  const navigate = useNavigate();
  const location = useLocation();
  // React Router gives the first entry of a history the key "default".
  const hasHistory = location.key !== 'default';
  return useCallback(() => {
    void (hasHistory ? navigate(-1) : navigate('/Invoices'));
  }, [navigate, hasHistory]);
}

/** Everything read about invoices: the lists, one invoice and its payments, the new-invoice screen, the dashboard, print, e-mails. */
const invoiceKeys = keysOf(
  endpoints.invoice.all,
  endpoints.invoice.list,
  endpoints.invoice.get,
  endpoints.invoice.payments,
  endpoints.invoice.newScreen,
  endpoints.dashboard.get,
  endpoints.print.view,
  endpoints.email.list,
  endpoints.email.draft,
);

/** After any change to an invoice: lists, the dashboard and the next number are stale. */
export function useRefreshInvoices() {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    void mutate(invoiceKeys);
  }, [mutate]);
}

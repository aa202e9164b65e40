import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';

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

const INVOICE_KEYS = ['/api/v1/invoice', '/api/v1/dashboard', '/screen/v1/invoice'];

/** After any change to an invoice: lists, the dashboard and the next number are stale. */
export function useRefreshInvoices() {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    void mutate((key) => typeof key === 'string' && INVOICE_KEYS.some((prefix) => key.startsWith(prefix)));
  }, [mutate]);
}

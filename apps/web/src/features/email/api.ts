import { useSWRConfig } from 'swr';
import { type EmailKind, type EmailTemplate, type RouteAnswer, type RouteRequestBody, endpoints } from '@faktura/shared';
import { api, apiKey, keysOf, useApi } from '../../lib/api';

const email = endpoints.email;

// The paths double as SWR keys, so a save can put its answer straight into the cache.
export const EMAIL_SETTINGS_PATH = apiKey(email.settings);

export type EmailSettingsBody = RouteRequestBody<typeof email.saveSettings>;
export type EmailTestResult = RouteAnswer<typeof email.test>;

export const useEmailSettings = () => useApi(email.settings);
export const useEmailDraft = (invoiceId: number, kind: EmailKind) =>
  // a fresh proposal each time the dialog opens: templates and settings may have changed
  useApi(email.draft, { params: { id: invoiceId }, query: { kind } }, { revalidateOnFocus: false, dedupingInterval: 0 });
export const useInvoiceEmails = (invoiceId: number) => useApi(email.list, { params: { id: invoiceId } });

export const saveEmailSettings = (body: EmailSettingsBody) => api(email.saveSettings, { body });
export const saveEmailTemplates = (templates: EmailTemplate[]) => api(email.saveTemplates, { body: { templates } });
export const sendTestEmail = () => api(email.test, { body: {} });
export const sendInvoiceEmail = (invoiceId: number, body: RouteRequestBody<typeof email.send>) =>
  api(email.send, { params: { id: invoiceId }, body });

/** After a sending: the history and the list's "sent" mark. */
export function useRefreshAfterSending() {
  const { mutate } = useSWRConfig();
  const listOrDashboard = keysOf(endpoints.invoice.list, endpoints.dashboard.get);
  return (invoiceId: number) =>
    mutate((key) => key === apiKey(email.list, { params: { id: invoiceId } }) || listOrDashboard(key));
}

import useSWR, { useSWRConfig } from 'swr';
import type {
  EmailKind,
  EmailSettings,
  EmailTemplate,
  InvoiceEmailDraft,
  InvoiceEmailInput,
  InvoiceEmailRecord,
} from '@faktura/shared';
import { http } from '../../lib/http';

// The paths double as SWR keys, so a save can put its answer straight into the cache.
export const EMAIL_SETTINGS_PATH = '/api/v1/settings/email';
export const emailsPath = (invoiceId: number) => `/api/v1/invoice/${invoiceId}/email`;
export const draftPath = (invoiceId: number, kind: EmailKind) =>
  `/api/v1/invoice/${invoiceId}/email/draft?kind=${kind}`;

export interface EmailSettingsBody {
  host: string;
  port: number;
  security: 'starttls' | 'tls' | 'none';
  username: string | null;
  password?: string;
  fromName: string | null;
  fromAddress: string;
  replyTo: string | null;
  bcc: string | null;
}

export interface EmailTestResult {
  ok: boolean;
  to: string;
  messageId: string | null;
  errorCode: string | null;
  reason: string;
  serverResponse: string | null;
}

export const useEmailSettings = () => useSWR<EmailSettings, Error>(EMAIL_SETTINGS_PATH);
export const useEmailDraft = (invoiceId: number, kind: EmailKind) =>
  // a fresh proposal each time the dialog opens: templates and settings may have changed
  useSWR<InvoiceEmailDraft, Error>(draftPath(invoiceId, kind), {
    revalidateOnFocus: false,
    dedupingInterval: 0,
  });
export const useInvoiceEmails = (invoiceId: number) =>
  useSWR<InvoiceEmailRecord[], Error>(emailsPath(invoiceId));

export const saveEmailSettings = (body: EmailSettingsBody) =>
  http.put<EmailSettings>(EMAIL_SETTINGS_PATH, body);
export const saveEmailTemplates = (templates: EmailTemplate[]) =>
  http.put<EmailSettings>(`${EMAIL_SETTINGS_PATH}/templates`, { templates });
export const sendTestEmail = () => http.post<EmailTestResult>(`${EMAIL_SETTINGS_PATH}/test`, {});
export const sendInvoiceEmail = (invoiceId: number, body: InvoiceEmailInput) =>
  http.post<InvoiceEmailRecord>(emailsPath(invoiceId), body);

/** After a sending: the history and the list's "sent" mark. */
export function useRefreshAfterSending() {
  const { mutate } = useSWRConfig();
  return (invoiceId: number) =>
    mutate(
      (key) =>
        typeof key === 'string' &&
        (key === emailsPath(invoiceId) ||
          key.startsWith('/api/v1/invoice/list') ||
          key.startsWith('/api/v1/dashboard')),
    );
}

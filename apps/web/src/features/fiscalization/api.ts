import { type RouteRequestBody, endpoints } from '@faktura/shared';
import { api, apiKey, apiPath, useApi } from '../../lib/api';

const fiscal = endpoints.fiscalization;

export const FISCAL_SETTINGS_PATH = apiKey(fiscal.settings);
export type FiscalSettingsBody = RouteRequestBody<typeof fiscal.saveSettings>;

export const useFiscalSettings = () => useApi(fiscal.settings);
export const saveFiscalSettings = (body: FiscalSettingsBody) => api(fiscal.saveSettings, { body });

/** A document's standing with the Tax Administration; checked again every few seconds while it is being sent. */
export const useInvoiceFiscalization = (invoiceId: number, pending: boolean) =>
  useApi(fiscal.status, { params: { id: invoiceId } }, { refreshInterval: pending ? 3_000 : 0 });
export const invoiceFiscalizationKey = (invoiceId: number) =>
  apiKey(fiscal.status, { params: { id: invoiceId } });
export const fiscalizeNow = (invoiceId: number) => api(fiscal.fiscalize, { params: { id: invoiceId } });
export const fiscalMessagesPath = (invoiceId: number) =>
  apiPath(fiscal.messages, { params: { id: invoiceId } });
export const fetchFiscalMessages = (invoiceId: number) => api(fiscal.messages, { params: { id: invoiceId } });

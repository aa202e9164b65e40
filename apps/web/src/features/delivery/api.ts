import { type RouteRequestBody, endpoints } from '@faktura/shared';
import { api, apiKey, useApi } from '../../lib/api';

const delivery = endpoints.delivery;

export const DELIVERY_SETTINGS_PATH = apiKey(delivery.settings);
export type DeliverySettingsBody = RouteRequestBody<typeof delivery.saveSettings>;

export const useDeliverySettings = () => useApi(delivery.settings);
export const saveDeliverySettings = (body: DeliverySettingsBody) => api(delivery.saveSettings, { body });
export const testDeliveryConnection = () => api(delivery.test);
export const sendEInvoice = (invoiceId: number, resend: boolean) => api(delivery.send, { params: { id: invoiceId }, body: resend ? { resend } : {} });
/** Storno and re-issue (issue 47): the storno now; the new invoice is prepared by New invoice. */
export const reissueInvoice = (invoiceId: number) => api(endpoints.invoice.reissue, { params: { id: invoiceId } });
export const refreshDelivery = (invoiceId: number) => api(delivery.refresh, { params: { id: invoiceId } });

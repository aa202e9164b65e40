import { type RouteRequestBody, endpoints } from '@faktura/shared';
import { api, apiKey, useApi } from '../../lib/api';

const settings = endpoints.settings;
const account = endpoints.account;

// The paths double as SWR keys, so a save can put its answer straight into the cache.
export const ISSUER_PATH = apiKey(settings.issuer);
export const POS_PATH = apiKey(settings.pos);
export const ACCOUNT_PATH = apiKey(account.get);

/** The New invoice page's data: its next number is what Settings > POS shows (issue 31). */
export const useNextInvoiceNumber = () => useApi(endpoints.invoice.newScreen);

/** `null` until the issuing company has been entered. */
export const useIssuer = () => useApi(settings.issuer);
export const usePos = () => useApi(settings.pos);
export const useAccount = () => useApi(account.get);

export const saveIssuer = (body: RouteRequestBody<typeof settings.saveIssuer>) => api(settings.saveIssuer, { body });
export const savePos = (body: RouteRequestBody<typeof settings.savePos>) => api(settings.savePos, { body });
export const saveAccount = (body: RouteRequestBody<typeof account.update>) => api(account.update, { body });
export const changePassword = (body: RouteRequestBody<typeof account.changePassword>) =>
  api(account.changePassword, { body });

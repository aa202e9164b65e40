import { type RouteRequestBody, endpoints } from '@faktura/shared';
import { api, useApi } from '../../lib/api';

/** Advance invoices (issue 48): issuing one with its payment; a client's advances still to deduct. */
export const advanceApi = {
  create: (body: RouteRequestBody<typeof endpoints.advance.create>) => api(endpoints.advance.create, { body }),
};

export const useOpenAdvances = (clientId: number | null) =>
  useApi(endpoints.advance.open, clientId ? { query: { clientId } } : null);

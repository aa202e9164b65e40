import { type CompanyRole, endpoints } from '@faktura/shared';
import { api, apiKey, useApi } from '../../lib/api';
import type { ClientCreatePayload, ClientUpdatePayload } from './clientForm';

const company = endpoints.company;

/** The SWR key of the client list (the invoice screens read the same list). */
export const CLIENTS_KEY = apiKey(company.list);

/** The clients (the invoice screens' list, under CLIENTS_KEY), or the suppliers of received invoices, or all. */
export function useClients(role: CompanyRole = 'client') {
  return useApi(company.list, role === 'client' ? undefined : { query: { role } });
}

export const createClient = (payload: ClientCreatePayload) => api(company.create, { body: payload });

export const updateClient = (id: number, payload: ClientUpdatePayload) =>
  api(company.update, { params: { id }, body: payload });

export const deleteClient = (id: number) => api(company.remove, { params: { id } });

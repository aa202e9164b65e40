import useSWR from 'swr';
import type { Company } from '@faktura/shared';
import { http, swrFetcher } from '../../lib/http';
import type { ClientCreatePayload, ClientUpdatePayload } from './clientForm';

/** The SWR key of the client list (the invoice screens read the same list). */
export const CLIENTS_KEY = '/api/v1/company';

export function useClients() {
  return useSWR<Company[], Error>(CLIENTS_KEY, swrFetcher<Company[]>);
}

export const createClient = (payload: ClientCreatePayload) => http.post<Company>(CLIENTS_KEY, payload);

export const updateClient = (id: number, payload: ClientUpdatePayload) =>
  http.put<Company>(`${CLIENTS_KEY}/${id}`, payload);

export const deleteClient = (id: number) => http.delete<{ id: number }>(`${CLIENTS_KEY}/${id}`);

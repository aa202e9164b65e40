import useSWR from 'swr';
import type { LineItem, LineItemInput } from '@faktura/shared';
import { http } from '../../lib/http';

/** The catalogue of line items; also the SWR key, so a save anywhere refreshes every list. */
export const LINE_ITEMS_PATH = '/api/v1/lineItem';

export function useLineItems() {
  return useSWR<LineItem[], Error>(LINE_ITEMS_PATH);
}

/** Creates the item, or replaces the one with `id` when it is given. */
export function saveLineItem(body: LineItemInput, id?: number): Promise<LineItem> {
  return id === undefined
    ? http.post<LineItem>(LINE_ITEMS_PATH, body)
    : http.put<LineItem>(`${LINE_ITEMS_PATH}/${id}`, body);
}

export function deleteLineItem(id: number): Promise<{ id: number }> {
  return http.delete<{ id: number }>(`${LINE_ITEMS_PATH}/${id}`);
}

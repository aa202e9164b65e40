import { type LineItem, type LineItemInput, endpoints } from '@faktura/shared';
import { api, apiKey, useApi } from '../../lib/api';

const lineItem = endpoints.lineItem;

/** The catalogue of line items; also the SWR key, so a save anywhere refreshes every list. */
export const LINE_ITEMS_PATH = apiKey(lineItem.list);

export function useLineItems() {
  return useApi(lineItem.list);
}

/** Creates the item, or replaces the one with `id` when it is given. */
export function saveLineItem(body: LineItemInput, id?: number): Promise<LineItem> {
  return id === undefined ? api(lineItem.create, { body }) : api(lineItem.update, { params: { id }, body });
}

export function deleteLineItem(id: number): Promise<{ id: number }> {
  return api(lineItem.remove, { params: { id } });
}

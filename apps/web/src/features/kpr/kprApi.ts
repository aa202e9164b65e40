import { endpoints } from '@faktura/shared';
import { download, useApi } from '../../lib/api';
import { saveBlob } from '../print';

export const useKpr = (year: number) => useApi(endpoints.kpr.ledger, { query: { year } });
export const usePosd = (year: number) => useApi(endpoints.kpr.posd, { query: { year } });

/** Downloads the year's KPR as CSV or PDF and hands it to the browser's "save". */
export async function downloadKpr(format: 'csv' | 'pdf', year: number): Promise<void> {
  const endpoint = format === 'csv' ? endpoints.kpr.csv : endpoints.kpr.pdf;
  const { blob, filename } = await download(endpoint, { query: { year } }, { fallbackName: `KPR-${String(year)}.${format}` });
  saveBlob(blob, filename);
}

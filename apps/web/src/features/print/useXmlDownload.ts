import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@faktura/shared';
import { notifyFailure } from '../../lib/notify';
import { errorReason } from '../../lib/apiError';
import { fetchInvoiceUbl } from './api';
import { saveBlob } from './saveFile';

/**
 * Downloads the invoice's e-invoice (UBL XML) the way the PDF is downloaded; a refusal (a draft, an
 * operator without an OIB) shows the server's reason in a toast.
 */
export function useXmlDownload(invoiceId: number) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  async function download(language: Language): Promise<void> {
    setBusy(true);
    try {
      const { blob, filename } = await fetchInvoiceUbl(invoiceId, language);
      saveBlob(blob, filename);
    } catch (error) {
      notifyFailure(t('preview.downloadXmlFailed'), errorReason(error));
    } finally {
      setBusy(false);
    }
  }

  return { busy, download };
}

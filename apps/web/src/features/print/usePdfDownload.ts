import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@faktura/shared';
import { notifyFailure } from '../../lib/notify';
import { errorReason } from '../../lib/apiError';
import { fetchInvoicePdf } from './api';
import { saveBlob } from './saveFile';

/** Downloads the invoice's PDF; `busy` spins the button, a failure says the server's reason in a toast. */
export function usePdfDownload(invoiceId: number) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  async function download(language: Language): Promise<void> {
    setBusy(true);
    try {
      const { blob, filename } = await fetchInvoicePdf(invoiceId, language);
      saveBlob(blob, filename);
    } catch (error) {
      notifyFailure(t('preview.downloadFailed'), errorReason(error));
    } finally {
      setBusy(false);
    }
  }

  return { busy, download };
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Names the browser tab "<page> · Faktura", following language switches. */
export function useDocumentTitle(page: string): void {
  const { t } = useTranslation();
  const title = t('app.documentTitle', { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
}

import { Button } from '@mantine/core';
import { IconFileTypeXml } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { useXmlDownload } from './useXmlDownload';

/**
 * "Preuzmi e-račun (XML)" for an issued invoice or credit note, outside the preview (the edit
 * page). The embedded PDF is asked for in the screen's language; the server keeps a Croatian
 * client's in Croatian.
 */
export function XmlDownloadButton({ invoiceId }: { invoiceId: number }) {
  const { t } = useTranslation();
  const xml = useXmlDownload(invoiceId);
  return (
    <Button
      variant="default"
      leftSection={<IconFileTypeXml size={18} aria-hidden />}
      loading={xml.busy}
      onClick={() => void xml.download(currentLanguage())}
    >
      {t('preview.downloadXml')}
    </Button>
  );
}

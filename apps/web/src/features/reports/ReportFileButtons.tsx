import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconFileTypeCsv, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorReason } from '../../lib/apiError';
import { notifyFailure } from '../../lib/notify';
import { saveBlob } from '../print';

/**
 * A month's report as files: "Preuzmi CSV" and "Ispis (PDF)", each saved under the server's name; a
 * failure says why. `keys` is the report's translation namespace (`reports.payments`, `reports.rejections`).
 */
export function ReportFileButtons({ keys, fetchFile }: { keys: 'reports.payments' | 'reports.rejections'; fetchFile: (kind: 'csv' | 'pdf') => Promise<{ blob: Blob; filename: string }> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  async function save(kind: 'csv' | 'pdf') {
    setBusy(kind);
    try {
      const { blob, filename } = await fetchFile(kind);
      saveBlob(blob, filename);
    } catch (error) {
      notifyFailure(t(`${keys}.downloadFailed`), errorReason(error));
    } finally {
      setBusy(null);
    }
  }
  return (
    <Group gap="xs">
      <Button variant="default" leftSection={<IconFileTypeCsv size={18} aria-hidden />} loading={busy === 'csv'} onClick={() => void save('csv')}>
        {t(`${keys}.csv`)}
      </Button>
      <Button variant="default" leftSection={<IconPrinter size={18} aria-hidden />} loading={busy === 'pdf'} onClick={() => void save('pdf')}>
        {t(`${keys}.pdf`)}
      </Button>
    </Group>
  );
}

import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CreditNoteModal } from './CreditNoteModal';

/** "Odobrenje / storno" on an issued invoice's page. */
export function CreditNoteButton({ invoiceId, today }: { invoiceId: number; today?: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        variant="light"
        color="orange"
        leftSection={<IconReceiptRefund size={16} aria-hidden />}
        onClick={() => setOpened(true)}
      >
        {t('creditNote.action')}
      </Button>
      <CreditNoteModal invoiceId={opened ? invoiceId : null} today={today} onClose={() => setOpened(false)} />
    </>
  );
}

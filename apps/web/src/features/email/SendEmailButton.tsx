import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconBellRinging, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DocumentType, EmailKind } from '@faktura/shared';
import { SendEmailDialog } from './SendEmailDialog';
import type { SendEmailTarget } from './SendEmailModal';

/** The edit page's "Send by e-mail" (or "Send reminder") button with its dialog. */
export function SendEmailButton({
  invoiceId,
  number,
  kind = 'invoice',
  documentType = 'INVOICE',
}: {
  invoiceId: number;
  number: string;
  kind?: EmailKind;
  documentType?: DocumentType;
}) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<SendEmailTarget | null>(null);
  return (
    <>
      <Button
        variant="light"
        color={kind === 'reminder' ? 'orange' : 'blue'}
        leftSection={kind === 'reminder' ? <IconBellRinging size={16} /> : <IconMail size={16} />}
        onClick={() => setTarget({ invoiceId, number, kind, documentType })}
      >
        {t(kind === 'reminder' ? 'invoices.reminderAction' : 'email.send.action')}
      </Button>
      <SendEmailDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}

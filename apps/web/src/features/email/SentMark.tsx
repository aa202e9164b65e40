import { ThemeIcon } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { formatSentAt } from './formatSentAt';

/** The list's mark of an invoice that was sent by e-mail; hovering (or a screen reader) tells when. */
export function SentMark({ sentAt }: { sentAt: string }) {
  const { t } = useTranslation();
  const label = t('invoices.sentMark', { date: formatSentAt(sentAt, currentLanguage()) });
  return (
    <ThemeIcon variant="light" color="teal" size="sm" radius="xl" role="img" aria-label={label} title={label}>
      <IconMailCheck size={14} aria-hidden />
    </ThemeIcon>
  );
}

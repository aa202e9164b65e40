import { useState } from 'react';
import { ActionIcon, Button } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PrintPreviewDialog } from './PrintPreviewDialog';

export interface PrintPreviewButtonProps {
  invoiceId: number;
  /** The button's text (or, as an icon, its accessible name); "Preview and print" by default. */
  label?: string;
  /** 'button' (default): a labelled button; 'icon': a printer icon for tight rows. */
  variant?: 'button' | 'icon';
}

/** Opens the print preview of one invoice; drop it on any page that shows an invoice. */
export function PrintPreviewButton({ invoiceId, label, variant = 'button' }: PrintPreviewButtonProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const text = label ?? t('preview.open');
  return (
    <>
      {variant === 'icon' ? (
        <ActionIcon variant="subtle" aria-label={text} title={text} onClick={() => setOpened(true)}>
          <IconPrinter size={18} stroke={1.6} />
        </ActionIcon>
      ) : (
        <Button
          variant="default"
          leftSection={<IconPrinter size={18} aria-hidden />}
          onClick={() => setOpened(true)}
        >
          {text}
        </Button>
      )}
      <PrintPreviewDialog invoiceId={opened ? invoiceId : null} onClose={() => setOpened(false)} />
    </>
  );
}

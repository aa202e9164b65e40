import { useState, type ReactNode } from 'react';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ActionBar } from './ActionBar';

interface ConfirmDeleteModalProps {
  opened: boolean;
  title: string;
  /** What will be deleted, in words ("This address will be deleted permanently:"). */
  question: string;
  /** The record itself, so the operator sees exactly which one goes. */
  subject: ReactNode;
  onClose: () => void;
  /** Deletes and reports the outcome (toasts); the dialog closes once it settles either way. */
  onConfirm: () => Promise<unknown>;
}

/** Asks before deleting; the Delete button spins while the request runs. */
export function ConfirmDeleteModal({
  opened,
  title,
  question,
  subject,
  onClose,
  onConfirm,
}: ConfirmDeleteModalProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      onClose();
    }
  }

  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onClose} title={title} centered>
      <Stack>
        <Text>{question}</Text>
        <Text fw={600}>{subject}</Text>
        <ActionBar>
          {/* Focus starts on Cancel: Enter right after opening must not delete. */}
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            {t('recordActions.cancel')}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={busy}>
            {t('recordActions.delete')}
          </Button>
        </ActionBar>
      </Stack>
    </Modal>
  );
}

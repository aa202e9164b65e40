import { useState } from 'react';
import { Button, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import type { LineItem } from '@faktura/shared';
import { LINE_ITEMS_PATH } from './lineItemApi';
import type { LineItemDraft } from './lineItemForm';
import { LineItemForm } from './LineItemForm';
import { ActionBar } from '../../components/ActionBar';

export interface LineItemDialogProps {
  opened: boolean;
  /** A saved item to edit (it has an id), a prototype to prefill, or nothing for a blank item. */
  item?: LineItemDraft;
  /** Set when the item will be printed in English, so the English name becomes required. */
  requireEnglish?: boolean;
  onClose: () => void;
  /** Called with the saved item before the dialog closes itself via onClose. */
  onSaved: (item: LineItem) => void;
}

/**
 * Creates or edits a catalogue line item (Settings > Line items, and the invoice pages). It saves
 * through the API itself; closing without saving asks first, so typed values are not lost by a stray
 * Escape or click outside.
 */
export function LineItemDialog({
  opened,
  item,
  requireEnglish = false,
  onClose,
  onSaved,
}: LineItemDialogProps) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const editing = item?.id !== undefined;
  // Each opening starts a fresh form, even when it reopens during the closing animation (whose
  // content is still mounted) for another item.
  const [session, setSession] = useState(0);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setSession((count) => count + 1);
  }

  // A request under way cannot be taken back, so closing waits until it settles.
  const askToClose = () => {
    if (!saving) setConfirming(true);
  };
  const close = () => {
    setConfirming(false);
    onClose();
  };
  const saved = (result: LineItem) => {
    // Every list of line items (this tab, invoice pickers) shows the change without a reload.
    void mutate(LINE_ITEMS_PATH);
    onSaved(result);
    close();
  };

  return (
    <>
      <Modal
        opened={opened}
        onClose={askToClose}
        // While the confirmation is up, Escape answers it instead of asking again.
        closeOnEscape={!confirming}
        title={t(editing ? 'lineItems.editTitle' : 'lineItems.createTitle')}
        transitionProps={{ transition: 'scale', duration: 300 }}
        size="lg"
        centered
      >
        <LineItemForm
          key={session}
          item={item}
          requireEnglish={requireEnglish}
          saving={saving}
          onSavingChange={setSaving}
          onCancel={askToClose}
          onSaved={saved}
        />
      </Modal>
      <Modal
        opened={opened && confirming}
        onClose={() => setConfirming(false)}
        title={t('lineItems.closeTitle')}
        // Above the dialog it belongs to (Mantine's modals sit at 200).
        zIndex={300}
        size="sm"
        centered
      >
        <Text mb="lg">{t('lineItems.closeQuestion')}</Text>
        <ActionBar>
          <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
            {t('lineItems.closeKeepEditing')}
          </Button>
          <Button color="red" onClick={close}>
            {t('lineItems.closeConfirm')}
          </Button>
        </ActionBar>
      </Modal>
    </>
  );
}

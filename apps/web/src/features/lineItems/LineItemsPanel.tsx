import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LineItem } from '@faktura/shared';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { errorReason } from '../../lib/apiError';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { deleteLineItem, useLineItems } from './lineItemApi';
import { LineItemCard } from './LineItemCard';
import { LineItemDialog } from './LineItemDialog';

/** The line-item catalogue as cards, with create, edit and delete (Settings > Line items). */
export function LineItemsPanel() {
  const { t } = useTranslation();
  const { data, error, isLoading, mutate } = useLineItems();
  const [dialog, setDialog] = useState<{ opened: boolean; item?: LineItem }>({ opened: false });
  // The item stays set while the dialogs close, so their closing animation still shows its name.
  const [deleting, setDeleting] = useState<{ opened: boolean; item?: LineItem }>({ opened: false });

  async function remove(item: LineItem) {
    try {
      const { id } = await deleteLineItem(item.id);
      notifySuccess(t('lineItems.deleted', { id }));
      await mutate();
    } catch (failure) {
      notifyFailure(t('lineItems.deleteFailed'), errorReason(failure));
    }
  }

  let body;
  if (isLoading) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('settings.loading')} />
      </Center>
    );
  } else if (error || !data) {
    body = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        title={t('settings.loadFailed')}
      >
        <Text size="sm" mb="sm">
          {errorReason(error)}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={() => void mutate()}>
          {t('settings.retry')}
        </Button>
      </Alert>
    );
  } else if (data.length === 0) {
    body = <Text c="dimmed">{t('lineItems.empty')}</Text>;
  } else {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-label={t('lineItems.list')} role="list">
        {data.map((item) => (
          <div role="listitem" key={item.id} style={{ display: 'flex' }}>
            <LineItemCard
              item={item}
              onEdit={(chosen) => setDialog({ opened: true, item: chosen })}
              onDelete={(chosen) => setDeleting({ opened: true, item: chosen })}
            />
          </div>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Text c="dimmed" size="sm" maw={600}>
          {t('lineItems.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ opened: true })}>
          {t('lineItems.new')}
        </Button>
      </Group>
      {body}
      <LineItemDialog
        opened={dialog.opened}
        item={dialog.item}
        onClose={() => setDialog((current) => ({ ...current, opened: false }))}
        onSaved={() => undefined}
      />
      <ConfirmDeleteModal
        opened={deleting.opened}
        title={t('lineItems.deleteTitle')}
        question={t('lineItems.deleteQuestion')}
        subject={deleting.item?.nameHr ?? ''}
        onClose={() => setDeleting((current) => ({ ...current, opened: false }))}
        onConfirm={() => (deleting.item ? remove(deleting.item) : Promise.resolve())}
      />
    </Stack>
  );
}

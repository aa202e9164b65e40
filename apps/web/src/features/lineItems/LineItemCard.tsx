import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LineItem } from '@faktura/shared';
import { currentLanguage } from '../../lib/i18n';
import { formatPrice } from './formatPrice';

interface LineItemCardProps {
  item: LineItem;
  onEdit: (item: LineItem) => void;
  onDelete: (item: LineItem) => void;
}

/** One catalogue item: both names, the price as the language writes money, the unit. */
export function LineItemCard({ item, onEdit, onDelete }: LineItemCardProps) {
  const { t } = useTranslation();
  const price = formatPrice(item.unitPriceCents, item.currencyCode, item.currency.symbol, currentLanguage());
  return (
    <Card withBorder padding="lg" w="100%" component="article" aria-label={item.nameHr}>
      <Stack gap={6} style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text component="h3" fw={600} lh={1.3} m={0}>
            {item.nameHr}
          </Text>
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            #{item.id}
          </Badge>
        </Group>
        <Text size="sm" c={item.nameEn ? undefined : 'dimmed'} fs={item.nameEn ? undefined : 'italic'}>
          <Text span size="sm" c="dimmed">
            {t('fields.nameEn')}:{' '}
          </Text>
          {item.nameEn ?? t('lineItems.notAvailable')}
        </Text>
        <Text size="sm" c={item.kpdCode ? undefined : 'dimmed'} fs={item.kpdCode ? undefined : 'italic'}>
          <Text span size="sm" c="dimmed">
            {t('fields.kpdCode')}:{' '}
          </Text>
          {item.kpdCode ?? t('lineItems.kpdNotSet')}
        </Text>
        <Group justify="space-between" align="baseline" mt="xs">
          <Text fz="xl" fw={700}>
            {price}
          </Text>
          <Text size="sm">
            <Text span size="sm" c="dimmed">
              {t('fields.unit')}:{' '}
            </Text>
            {t(`units.${item.unit}`)}
          </Text>
        </Group>
      </Stack>
      <Group justify="flex-end" gap="xs" mt="md">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPencil size={14} aria-hidden />}
          aria-label={t('lineItems.editAria', { name: item.nameHr })}
          onClick={() => onEdit(item)}
        >
          {t('lineItems.edit')}
        </Button>
        <Button
          variant="light"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} aria-hidden />}
          aria-label={t('lineItems.deleteAria', { name: item.nameHr })}
          onClick={() => onDelete(item)}
        >
          {t('lineItems.delete')}
        </Button>
      </Group>
    </Card>
  );
}

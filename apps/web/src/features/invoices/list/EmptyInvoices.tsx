import { Button, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconFileInvoice, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * What an empty list says: with no filters there are no invoices at all, so it offers the first
 * one; with a year or a search, nothing matched, which a new invoice would not fix.
 */
export function EmptyInvoices({ filtered }: { filtered: boolean }) {
  const { t } = useTranslation();
  if (filtered) return <Text c="dimmed">{t('invoices.noMatches')}</Text>;
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <IconFileInvoice size={28} />
        </ThemeIcon>
        <Text fw={600} size="lg">
          {t('invoices.empty')}
        </Text>
        <Text c="dimmed" size="sm">
          {t('invoices.emptyHint')}
        </Text>
        <Button component={Link} to="/Invoices/NewInvoice" leftSection={<IconPlus size={18} />} mt="xs">
          {t('invoices.new')}
        </Button>
      </Stack>
    </Paper>
  );
}

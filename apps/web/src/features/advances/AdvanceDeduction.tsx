import { useEffect } from 'react';
import { Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '@faktura/shared';
import { currentLanguage } from '../../lib/i18n';
import { useOpenAdvances } from './api';

/**
 * In the New invoice form (issue 48): the chosen client's advances not yet deducted, proposed for
 * deduction (all ticked at first; untick those to keep for a later invoice). Shows nothing when the
 * client has none.
 */
export function AdvanceDeduction({
  clientId,
  selected,
  onChange,
}: {
  clientId: number | null;
  selected: readonly number[] | null;
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { data } = useOpenAdvances(clientId);
  const open = clientId ? (data ?? []) : [];
  // proposed: every advance of the client, until the operator chooses
  useEffect(() => {
    if (selected === null && data && data.length > 0) onChange(data.map((a) => a.id));
  }, [data, selected, onChange]);
  if (open.length === 0) return null;
  const chosen = selected ?? [];
  const money = (cents: number, currency: string) => formatMoney(cents, currency, language);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="invoice-advances">
      <Title order={2} size="h4" mb="xs" id="invoice-advances">
        {t('advances.deduct.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('advances.deduct.intro')}
      </Text>
      <Stack gap="xs">
        {open.map((advance) => {
          const base = advance.vatGroups.reduce((sum, g) => sum + g.baseCents, 0);
          const vat = advance.vatGroups.reduce((sum, g) => sum + g.vatCents, 0);
          return (
            <Checkbox
              key={advance.id}
              checked={chosen.includes(advance.id)}
              onChange={(e) => onChange(e.currentTarget.checked ? [...chosen, advance.id] : chosen.filter((id) => id !== advance.id))}
              label={t('advances.deduct.item', {
                number: advance.number ?? '',
                date: formatDate(advance.billingDate, language),
                total: money(advance.totalCents, advance.currencyCode),
                base: money(base, advance.currencyCode),
                vat: money(vat, advance.currencyCode),
              })}
            />
          );
        })}
        <Text size="sm" c="dimmed">
          {t('advances.deduct.draftNote')}
        </Text>
      </Stack>
    </Paper>
  );
}

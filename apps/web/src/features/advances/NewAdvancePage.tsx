import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { formatMoney, isAdvanceSplit, parseCents, splitAdvance, todayInZagreb } from '@faktura/shared';
import { ActionBar } from '../../components/ActionBar';
import { PageTitle } from '../../components/PageTitle';
import { fieldErrors } from '../../lib/apiError';
import { currentLanguage } from '../../lib/i18n';
import { notifyApiError, notifySuccess } from '../../lib/notify';
import { useClients } from '../clients';
import { advanceApi } from './api';

const RATES = ['25', '13', '5', '0'] as const;
type Rate = (typeof RATES)[number];
const METHODS = ['WIRE', 'CASH', 'CARD'] as const;

interface Part {
  rate: Rate;
  amount: string;
}

/**
 * "New advance invoice" (route /Invoices/NewAdvance, issue 48): the client, what the advance is for,
 * the gross amount received per VAT rate (the base and VAT it contains shown as typed), how and when
 * it was received. Issuing numbers it in the invoice sequence and records its payment.
 */
export function NewAdvancePage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data: clients } = useClients();
  const [today] = useState(() => todayInZagreb());
  const [clientId, setClientId] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [parts, setParts] = useState<Part[]>([{ rate: '25', amount: '' }]);
  const [method, setMethod] = useState<(typeof METHODS)[number]>('WIRE');
  const [paidOn, setPaidOn] = useState(today);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const setPart = (index: number, change: Partial<Part>) => setParts((all) => all.map((p, i) => (i === index ? { ...p, ...change } : p)));
  const euro = (cents: number) => formatMoney(cents, 'EUR', language);

  async function issue() {
    const local: Record<string, string> = {};
    if (!clientId) local.clientId = t('validation.required');
    if (!description.trim()) local.description = t('validation.required');
    const amounts = parts.map((p, i) => {
      const parsed = parseCents(p.amount, language);
      if (!parsed.ok) local[`parts.${String(i)}.amount`] = t(parsed.error);
      return parsed.ok ? parsed.value / 100 : 0;
    });
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      const created = await advanceApi.create({
        clientId: Number(clientId),
        description: description.trim(),
        parts: parts.map((p, i) => ({ vatRate: Number(p.rate) as 25 | 13 | 5 | 0, amount: amounts[i] ?? 0 })),
        paymentMethod: method,
        paidOn,
      });
      notifySuccess(t('advances.issued', { number: created.number ?? '' }));
      void mutate(() => true);
      void navigate(`/Invoices/${String(created.id)}`);
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(byField);
      if (Object.keys(byField).length === 0) notifyApiError(error);
    } finally {
      setBusy(false);
    }
  }

  const usedRates = new Set(parts.map((p) => p.rate));
  return (
    <>
      <PageTitle>{t('advances.pageTitle')}</PageTitle>
      <Stack role="form" aria-label={t('advances.new')}>
        <Text c="dimmed" size="sm">
          {t('advances.intro')}
        </Text>
        <Paper withBorder p="md">
          <Stack>
            <Select
              label={t('advances.client')}
              withAsterisk
              searchable
              placeholder={t('invoiceForm.chooseClient')}
              data={(clients ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
              value={clientId}
              onChange={setClientId}
              error={errors.clientId}
            />
            <TextInput
              label={t('advances.description')}
              withAsterisk
              placeholder={t('advances.descriptionPlaceholder')}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              error={errors.description}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md" component="section" aria-label={t('advances.amounts')}>
          <Stack>
            {parts.map((part, index) => {
              const parsed = parseCents(part.amount, language);
              const split = parsed.ok && parsed.value > 0 ? splitAdvance({ vatRateBp: Number(part.rate) * 100, grossCents: parsed.value }) : null;
              return (
                <Group key={index} align="flex-start" wrap="wrap" gap="sm">
                  <TextInput
                    label={t('advances.amount')}
                    withAsterisk
                    inputMode="decimal"
                    w={180}
                    value={part.amount}
                    onChange={(e) => setPart(index, { amount: e.currentTarget.value })}
                    error={errors[`parts.${String(index)}.amount`]}
                    description={split && isAdvanceSplit(split) ? t('advances.contains', { base: euro(split.baseCents), vat: euro(split.vatCents) }) : undefined}
                    inputWrapperOrder={['label', 'input', 'description', 'error']}
                  />
                  <Select
                    label={t('advances.vatRate')}
                    w={110}
                    allowDeselect={false}
                    data={RATES.filter((r) => r === part.rate || !usedRates.has(r)).map((r) => ({ value: r, label: `${r} %` }))}
                    value={part.rate}
                    onChange={(value) => value && setPart(index, { rate: value as Rate })}
                  />
                  {parts.length > 1 && (
                    <ActionIcon variant="subtle" color="red" mt={28} aria-label={t('advances.removeRate')} onClick={() => setParts((all) => all.filter((_, i) => i !== index))}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  )}
                </Group>
              );
            })}
            {parts.length < RATES.length && (
              <Group>
                <Button
                  variant="subtle"
                  leftSection={<IconPlus size={16} />}
                  onClick={() => setParts((all) => [...all, { rate: RATES.find((r) => !usedRates.has(r)) ?? '0', amount: '' }])}
                >
                  {t('advances.addRate')}
                </Button>
              </Group>
            )}
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Group align="flex-start" wrap="wrap">
            <Select
              label={t('advances.paymentMethod')}
              w={220}
              allowDeselect={false}
              data={METHODS.map((m) => ({ value: m, label: t(`advances.methods.${m}`) }))}
              value={method}
              onChange={(value) => value && setMethod(value as (typeof METHODS)[number])}
            />
            <DatePickerInput
              label={t('advances.paidOn')}
              withAsterisk
              w={200}
              value={paidOn}
              maxDate={today}
              onChange={(picked) => setPaidOn(picked ?? paidOn)}
              locale={language}
              firstDayOfWeek={1}
              valueFormat={language === 'hr' ? 'D. M. YYYY.' : 'D MMM YYYY'}
              leftSection={<IconCalendar size={18} aria-hidden />}
              error={errors.paidOn}
            />
          </Group>
        </Paper>
        <ActionBar>
          <Button loading={busy} onClick={() => void issue()}>
            {t('advances.issue')}
          </Button>
        </ActionBar>
      </Stack>
    </>
  );
}

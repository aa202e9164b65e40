// The date pickers' styles come with the screens that show one, not with the first page.
import '@mantine/dates/styles.css';
import 'dayjs/locale/hr';
import { useState } from 'react';
import { Anchor, Button, Group, Paper, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EXPORT_MAX_DAYS, type ExportFormat, addDays, monthDays, previousMonth, todayInZagreb } from '@faktura/shared';
import { ActionBar } from '../../components/ActionBar';
import { PageTitle } from '../../components/PageTitle';
import { errorReason } from '../../lib/apiError';
import { dateInputFormat } from '../../lib/dateInput';
import { currentLanguage } from '../../lib/i18n';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { saveBlob } from '../print';
import { fetchExport } from './api';

/** A period of whole days, both included. */
export interface Period {
  from: string;
  to: string;
}

/** The quick picks, from today (Zagreb): last month (the default), this year so far, last year. */
export function quickPeriods(today = todayInZagreb()): Record<'lastMonth' | 'thisYear' | 'lastYear', Period> {
  const year = Number(today.slice(0, 4));
  return {
    lastMonth: monthDays(previousMonth(today.slice(0, 7))),
    thisYear: { from: `${year}-01-01`, to: today },
    lastYear: { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` },
  };
}

/** What is wrong with a period before it is asked for (the server says the same): a reason key, or null. */
export function periodProblem({ from, to }: Period): 'validation.exportReversed' | 'validation.exportTooLong' | null {
  if (from > to) return 'validation.exportReversed';
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  return days > EXPORT_MAX_DAYS ? 'validation.exportTooLong' : null;
}

/**
 * The export for the accountant (route /Reports/Export; issue 31 item 13): a period (last month by
 * default, quick picks for this and last year), CSV or zip, and a Download button.
 */
export function ExportPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const today = todayInZagreb();
  const quick = quickPeriods(today);
  const [period, setPeriod] = useState<Period>(quick.lastMonth);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [busy, setBusy] = useState(false);
  const problem = periodProblem(period);

  async function save() {
    if (problem) return;
    setBusy(true);
    try {
      const { blob, filename } = await fetchExport(period, format, language);
      saveBlob(blob, filename);
      notifySuccess(t('reports.export.downloaded', { file: filename }));
    } catch (error) {
      notifyFailure(t('reports.export.downloadFailed'), errorReason(error));
    } finally {
      setBusy(false);
    }
  }

  const picker = (field: keyof Period) => (
    <DatePickerInput
      label={t(`reports.export.${field}`)}
      value={period[field]}
      onChange={(value) => value && setPeriod((current) => ({ ...current, [field]: value.slice(0, 10) }))}
      valueFormat={dateInputFormat(language)}
      locale={language}
      firstDayOfWeek={1}
      maxDate={field === 'from' ? today : addDays(today, 366)}
      error={field === 'to' && problem ? t(problem) : undefined}
      leftSection={<IconCalendar size={18} aria-hidden />}
    />
  );

  return (
    <>
      <Anchor component={Link} to="/Reports" size="sm">
        {t('reports.title')}
      </Anchor>
      <PageTitle>{t('reports.export.title')}</PageTitle>
      <Text c="dimmed" mb="md">
        {t('reports.export.intro')}
      </Text>
      <Paper withBorder radius="md" p="md" maw={640}>
        <Stack gap="md">
          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" fw={600} p={0}>
              {t('reports.export.period')}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {picker('from')}
              {picker('to')}
            </SimpleGrid>
            <Group gap="xs" role="group" aria-label={t('reports.export.quick.label')}>
              {(['lastMonth', 'thisYear', 'lastYear'] as const).map((key) => {
                const chosen = period.from === quick[key].from && period.to === quick[key].to;
                return (
                  <Button key={key} size="xs" variant={chosen ? 'filled' : 'light'} aria-pressed={chosen} onClick={() => setPeriod(quick[key])}>
                    {t(`reports.export.quick.${key}`)}
                  </Button>
                );
              })}
            </Group>
          </Stack>
          <Radio.Group label={t('reports.export.format')} value={format} onChange={(value) => setFormat(value === 'zip' ? 'zip' : 'csv')}>
            <Stack gap="xs" mt={6}>
              {(['csv', 'zip'] as const).map((key) => (
                <Radio key={key} value={key} label={t(`reports.export.formats.${key}`)} description={t(`reports.export.formatHelp.${key}`)} />
              ))}
            </Stack>
          </Radio.Group>
          {/* the primary button: toasts rise above it instead of covering it (a phone's narrow screen) */}
          <ActionBar>
            <Button leftSection={<IconDownload size={18} aria-hidden />} loading={busy} disabled={problem !== null} onClick={() => void save()}>
              {t('reports.export.download')}
            </Button>
          </ActionBar>
        </Stack>
      </Paper>
    </>
  );
}

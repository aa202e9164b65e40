// The date picker's styles come with the screens and dialogs that show one, not with the first page.
import '@mantine/dates/styles.css';
import 'dayjs/locale/hr';
import { useState } from 'react';
import { Paper, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDate, joppdLabel } from '@faktura/shared';
import { PageTitle } from '../../components/PageTitle';
import { dateInputFormat } from '../../lib/dateInput';
import { currentLanguage } from '../../lib/i18n';

const ISO = 'YYYY-MM-DD';

interface JoppdPageProps {
  /** Today as YYYY-MM-DD; tests pass a fixed day, the route uses the real one. */
  today?: string;
}

/** The JOPPD report label for a chosen day; reachable by address only (route /Tools/Joppd). */
export function JoppdPage({ today = dayjs().format(ISO) }: JoppdPageProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [date, setDate] = useState<string>(today);
  // Labels are for reports of the running year, so the picker offers only its days.
  const year = today.slice(0, 4);
  const shownDate = formatDate(date, language);

  return (
    <>
      <PageTitle>{t('pages.joppd')}</PageTitle>
      <Stack maw={420}>
        <DatePickerInput
          label={t('joppd.date')}
          description={t('joppd.dateHelp')}
          value={date}
          // Not clearable, so a value always comes back; keep the last one just in case.
          onChange={(value) => setDate(value ?? date)}
          minDate={`${year}-01-01`}
          maxDate={`${year}-12-31`}
          valueFormat={dateInputFormat(language)}
          locale={language}
          firstDayOfWeek={1}
          leftSection={<IconCalendar size={18} aria-hidden />}
        />
        <Paper withBorder radius="md" p="lg">
          <Text size="sm" c="dimmed">
            {t('joppd.result', { date: shownDate })}
          </Text>
          {/* Announced when the date changes, so screen-reader users hear the new label. */}
          <Text role="status" aria-live="polite" fz={48} fw={700} lh={1.2} ff="monospace">
            {joppdLabel(date)}
          </Text>
          <Text size="sm" mt="xs">
            {t('joppd.explanation')}
          </Text>
        </Paper>
      </Stack>
    </>
  );
}

import { MonthPickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type Language, todayInZagreb } from '@faktura/shared';
import { monthName } from './month';

/** The month a monthly report is for (`YYYY-MM`): no later than this one, each month named in full for a screen reader. */
export function ReportMonthPicker({ month, language, onChange }: { month: string; language: Language; onChange: (month: string) => void }) {
  const { t } = useTranslation();
  return (
    <MonthPickerInput
      label={t('reports.payments.month')}
      value={`${month}-01`}
      onChange={(value) => value && onChange(value.slice(0, 7))}
      valueFormat="MM/YYYY"
      locale={language}
      maxDate={todayInZagreb()}
      // each month button says which month and year it is ("studeni 2026."), not only "stu"
      getMonthControlProps={(date) => ({ 'aria-label': monthName(date, language) })}
      ariaLabels={{
        nextYear: t('reports.payments.nextYear'),
        previousYear: t('reports.payments.previousYear'),
        nextDecade: t('reports.payments.nextDecade'),
        previousDecade: t('reports.payments.previousDecade'),
        yearLevelControl: t('reports.payments.chooseYear'),
      }}
      leftSection={<IconCalendar size={18} aria-hidden />}
      w={180}
    />
  );
}

// The date picker's styles come with the screens and dialogs that show one, not with the first page.
import '@mantine/dates/styles.css';
import 'dayjs/locale/hr';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { Ref } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useErrorText } from '../../../components/forms/useErrorText';
import { dateInputFormat } from '../../../lib/dateInput';
import { currentLanguage } from '../../../lib/i18n';

interface DateFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  /** Shown under the field, before any error: why earlier days cannot be picked, or why the proposed due date differs from the contract's. */
  description?: string;
  minDate?: string;
  maxDate?: string;
  inputRef?: Ref<HTMLButtonElement>;
  /** An optional date (a period of supply) is not marked required and can be cleared. */
  optional?: boolean;
}

/**
 * A day picker that reads and writes ISO dates and shows its day as every date on screen is written
 * ("2. 3. 2026." / "2 Mar 2026"), in the screen's language, weeks from Monday.
 */
export function DateField({
  label,
  value,
  onChange,
  onBlur,
  error,
  description,
  minDate,
  maxDate,
  inputRef,
  optional = false,
}: DateFieldProps) {
  const language = currentLanguage();
  return (
    <DatePickerInput
      ref={inputRef}
      label={label}
      withAsterisk={!optional}
      value={value || null}
      clearable={optional}
      // A required date is not clearable: a picked day always comes back, but keep the old one if it ever does not.
      onChange={(picked) => onChange(picked ?? (optional ? '' : value))}
      onBlur={onBlur}
      valueFormat={dateInputFormat(language)}
      locale={language}
      firstDayOfWeek={1}
      minDate={minDate}
      maxDate={maxDate}
      error={error}
      description={description}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      leftSection={<IconCalendar size={18} aria-hidden />}
    />
  );
}

type FormDateFieldProps = Omit<DateFieldProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'> & { name: string };

/** A `DateField` bound to the surrounding form's field `name`, its reason under it. */
export function FormDateField({ name, ...props }: FormDateFieldProps) {
  const { control } = useFormContext<Record<string, string>>();
  const { text } = useErrorText();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          {...props}
          inputRef={field.ref}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={text(fieldState.error)}
        />
      )}
    />
  );
}

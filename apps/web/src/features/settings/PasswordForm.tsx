import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { passwordChangeSchema } from '@faktura/shared';
import { useErrorText } from '../../components/forms/useErrorText';
import { zodI18nResolver } from '../../components/forms/zodI18nResolver';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { markServerErrors } from './serverErrors';
import { changePassword } from './settingsApi';
import { ActionBar } from '../../components/ActionBar';

// The repeat only guards against a typo in a field nobody can read back; the server never sees it.
const passwordFormSchema = passwordChangeSchema
  .extend({ repeatPassword: z.string() })
  .refine((values) => values.newPassword === values.repeatPassword, {
    path: ['repeatPassword'],
    error: 'settings.password.mismatch',
  });
type PasswordFormValues = z.infer<typeof passwordFormSchema>;

const EMPTY: PasswordFormValues = { currentPassword: '', newPassword: '', repeatPassword: '' };
const FIELDS = ['currentPassword', 'newPassword'] as const;

/** Changes the operator's password; the current one is asked for first. */
export function PasswordForm() {
  const { t } = useTranslation();
  const { text } = useErrorText();
  const { register, handleSubmit, setError, reset, formState } = useForm<PasswordFormValues>({
    defaultValues: EMPTY,
    resolver: zodI18nResolver<PasswordFormValues, PasswordFormValues>(passwordFormSchema),
  });
  const { errors, isSubmitting } = formState;

  async function submit({ currentPassword, newPassword }: PasswordFormValues) {
    try {
      await changePassword({ currentPassword, newPassword });
      reset(EMPTY);
      notifySuccess(t('settings.password.changed'));
    } catch (error) {
      const leftover = markServerErrors(error, setError, FIELDS);
      if (leftover.length > 0) notifyFailure(t('notify.error'), leftover);
    }
  }

  return (
    <form
      onSubmit={(event) => void handleSubmit(submit)(event)}
      noValidate
      aria-label={t('settings.password.title')}
    >
      <Stack>
        <PasswordInput
          label={t('fields.currentPassword')}
          withAsterisk
          autoComplete="current-password"
          error={text(errors.currentPassword)}
          {...register('currentPassword')}
        />
        <PasswordInput
          label={t('fields.newPassword')}
          withAsterisk
          autoComplete="new-password"
          error={text(errors.newPassword)}
          {...register('newPassword')}
        />
        <PasswordInput
          label={t('settings.password.repeat')}
          withAsterisk
          autoComplete="new-password"
          error={text(errors.repeatPassword)}
          {...register('repeatPassword')}
        />
        <ActionBar>
          <Button type="submit" loading={isSubmitting}>
            {t('settings.password.submit')}
          </Button>
        </ActionBar>
      </Stack>
    </form>
  );
}

import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import type { z } from 'zod';
import { accountInputSchema, type Account } from '@faktura/shared';
import { useErrorText } from '../../components/forms/useErrorText';
import { zodI18nResolver } from '../../components/forms/zodI18nResolver';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { getProfile, setProfile } from '../../lib/profileStore';
import { markServerErrors } from './serverErrors';
import { ACCOUNT_PATH, saveAccount } from './settingsApi';
import { ActionBar } from '../../components/ActionBar';

const FIELDS = ['name', 'email', 'oib'] as const;
/** The name input's id, so the prompt for a missing name can take the operator there. */
export const ACCOUNT_NAME_ID = 'account-name';
/** The OIB input's id, for the prompt for a missing OIB. */
export const ACCOUNT_OIB_ID = 'account-oib';

/** What the inputs hold: text, blank for "no OIB". */
interface AccountFormValues {
  name: string;
  email: string;
  oib: string;
}
type AccountOutput = z.output<typeof accountInputSchema>;

const formValues = (account: Account): AccountFormValues => ({
  name: account.name,
  email: account.email,
  oib: account.oib ?? '',
});

/** The signed-in operator's name, sign-in e-mail and OIB (which e-invoices name). */
export function AccountForm({ account }: { account: Account }) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const { text } = useErrorText();
  const { register, handleSubmit, setError, reset, formState } = useForm<
    AccountFormValues,
    unknown,
    AccountOutput
  >({
    defaultValues: formValues(account),
    resolver: zodI18nResolver<AccountFormValues, AccountOutput>(accountInputSchema),
  });
  const { errors, isSubmitting } = formState;

  async function submit(values: AccountOutput) {
    try {
      const saved = await saveAccount(values);
      await mutate(ACCOUNT_PATH, saved, { revalidate: false });
      // The header reads the stored profile; without this it would show the old name until the
      // next sign-in.
      const profile = getProfile();
      if (profile) setProfile({ ...profile, name: saved.name, username: saved.email });
      reset(formValues(saved));
      notifySuccess(t('settings.account.saved'));
    } catch (error) {
      const leftover = markServerErrors(error, setError, FIELDS);
      if (leftover.length > 0) notifyFailure(t('notify.error'), leftover);
    }
  }

  return (
    <form
      onSubmit={(event) => void handleSubmit(submit)(event)}
      noValidate
      aria-label={t('settings.account.title')}
    >
      <Stack>
        <TextInput
          id={ACCOUNT_NAME_ID}
          label={t('settings.account.name')}
          withAsterisk
          autoComplete="name"
          error={text(errors.name)}
          {...register('name')}
        />
        <TextInput
          label={t('fields.email')}
          withAsterisk
          type="email"
          autoComplete="username"
          error={text(errors.email)}
          {...register('email')}
        />
        <TextInput
          id={ACCOUNT_OIB_ID}
          label={t('settings.account.oib')}
          description={t('settings.account.oibHelp')}
          inputMode="numeric"
          error={text(errors.oib)}
          {...register('oib')}
        />
        <ActionBar>
          <Button type="submit" loading={isSubmitting}>
            {t('settings.save')}
          </Button>
        </ActionBar>
      </Stack>
    </form>
  );
}

import { useState } from 'react';
import { Alert, Button, Code, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { posSchema, type Pos } from '@faktura/shared';
import { useErrorText } from '../../components/forms/useErrorText';
import { zodI18nResolver } from '../../components/forms/zodI18nResolver';
import { ApiRequestError } from '../../lib/apiError';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { LoadState } from '../../components/LoadState';
import { markServerErrors } from './serverErrors';
import { SettingsSection } from '../../components/SettingsSection';
import { POS_PATH, savePos, useNextInvoiceNumber, usePos } from './settingsApi';
import { ActionBar } from '../../components/ActionBar';

const FIELDS = ['premisesCode', 'deviceCode'] as const;

/** Settings > POS: the premises and device codes that make up every invoice number. */
export function PosTab() {
  const { t } = useTranslation();
  const pos = usePos();
  return (
    <SettingsSection title={t('settings.pos.title')} intro={t('settings.pos.intro')}>
      <LoadState data={pos.data} error={pos.error} onRetry={() => void pos.mutate()}>
        {(data) => <PosForm pos={data} />}
      </LoadState>
    </SettingsSection>
  );
}

function PosForm({ pos }: { pos: Pos }) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const { text } = useErrorText();
  // Why saving was refused when no input is to blame (the company has not been entered yet).
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, reset, formState } = useForm<Pos>({
    defaultValues: pos,
    resolver: zodI18nResolver<Pos, Pos>(posSchema),
  });
  const { errors, isSubmitting } = formState;
  const [premises = '', device = ''] = useWatch({ control, name: ['premisesCode', 'deviceCode'] });
  // The server stores the premises code in capitals, so the sample shows it that way.
  const typed = `${premises.trim().toUpperCase()}/${device.trim()}`;
  // The saved codes' next number is the one the New invoice page offers (issue 31: not "1/…").
  const screen = useNextInvoiceNumber();
  const next = screen.data?.nextInvoiceNumber;
  const unchanged = typed === `${pos.premisesCode.toUpperCase()}/${pos.deviceCode}`;

  async function submit(values: Pos) {
    setRefusal(null);
    try {
      const saved = await savePos(values);
      await mutate(POS_PATH, saved, { revalidate: false });
      // the next number follows the saved codes
      await screen.mutate();
      reset(saved);
      notifySuccess(t('settings.pos.saved'));
    } catch (error) {
      const leftover = markServerErrors(error, setError, FIELDS);
      if (error instanceof ApiRequestError && error.status === 409) setRefusal(leftover.join('\n'));
      else if (leftover.length > 0) notifyFailure(t('notify.error'), leftover);
    }
  }

  return (
    <form
      onSubmit={(event) => void handleSubmit(submit)(event)}
      noValidate
      aria-label={t('settings.pos.title')}
    >
      <Stack>
        {refusal && (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {refusal}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('fields.premisesCode')}
            description={t('settings.pos.premisesHelp')}
            withAsterisk
            error={text(errors.premisesCode)}
            {...register('premisesCode')}
          />
          <TextInput
            label={t('fields.deviceCode')}
            description={t('settings.pos.deviceHelp')}
            withAsterisk
            inputMode="numeric"
            error={text(errors.deviceCode)}
            {...register('deviceCode')}
          />
        </SimpleGrid>
        <Text role="status">
          {unchanged && next ? (
            <>
              {t('settings.pos.next')} <Code fz="md">{next}</Code>
            </>
          ) : unchanged ? (
            <>
              {t('settings.pos.preview')} <Code fz="md">{`1/${typed}`}</Code>
            </>
          ) : (
            <>
              {t('settings.pos.changed')} <Code fz="md">{`1/${typed}`}</Code> {t('settings.pos.changedNote')}
            </>
          )}
        </Text>
        <Text size="sm" c="dimmed">
          {t('settings.pos.sequence')}
        </Text>
        <ActionBar>
          <Button type="submit" loading={isSubmitting}>
            {t('settings.save')}
          </Button>
        </ActionBar>
      </Stack>
    </form>
  );
}

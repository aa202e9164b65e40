import { useId } from 'react';
import { Alert, Anchor, Button, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import { EINVOICE_PROFILES, issuerInputSchema, type Issuer } from '@faktura/shared';
import { CountrySelect } from '../../components/CountrySelect';
import { useErrorText } from '../../components/forms/useErrorText';
import { zodI18nResolver } from '../../components/forms/zodI18nResolver';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { ISSUER_FIELDS, issuerFormValues, type IssuerFormValues, type IssuerOutput } from './issuerForm';
import { markServerErrors } from './serverErrors';
import { ISSUER_PATH, saveIssuer } from './settingsApi';
import { ActionBar } from '../../components/ActionBar';

/** The issuing company: what every invoice says about its sender (Settings > General). */
export function IssuerForm({ issuer }: { issuer: Issuer | null }) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const { text, selectText } = useErrorText();
  const { register, control, handleSubmit, setError, reset, formState } = useForm<
    IssuerFormValues,
    unknown,
    IssuerOutput
  >({
    defaultValues: issuerFormValues(issuer),
    resolver: zodI18nResolver<IssuerFormValues, IssuerOutput>(issuerInputSchema),
  });
  const { errors, isSubmitting } = formState;
  const vatHelpId = useId();
  const flatRateHelpId = useId();
  const profile = useWatch({ control, name: 'einvoiceProfile' });

  async function submit(values: IssuerOutput) {
    try {
      const saved = await saveIssuer(values);
      await mutate(ISSUER_PATH, saved, { revalidate: false });
      reset(issuerFormValues(saved));
      notifySuccess(t('settings.issuer.saved'));
    } catch (error) {
      const leftover = markServerErrors(error, setError, ISSUER_FIELDS);
      if (leftover.length > 0) notifyFailure(t('notify.error'), leftover);
    }
  }

  const countryLabel = t('fields.countryCode');
  const profileLabel = t('fields.einvoiceProfile');
  return (
    <form
      onSubmit={(event) => void handleSubmit(submit)(event)}
      noValidate
      aria-label={t('settings.issuer.title')}
    >
      <Stack>
        {issuer === null && (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
            {t('settings.issuer.missing')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('settings.issuer.name')}
            withAsterisk
            error={text(errors.name)}
            {...register('name')}
          />
          <TextInput
            label={t('fields.oib')}
            withAsterisk
            inputMode="numeric"
            description={issuer ? t('settings.issuer.vatNumber', { vatNumber: issuer.vatNumber }) : undefined}
            // Below the input, so the OIB lines up with the name beside it.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={text(errors.oib)}
            {...register('oib')}
          />
          <TextInput
            label={t('fields.address1')}
            withAsterisk
            autoComplete="address-line1"
            error={text(errors.address?.address1)}
            {...register('address.address1')}
          />
          <TextInput
            label={t('fields.address2')}
            autoComplete="address-line2"
            error={text(errors.address?.address2)}
            {...register('address.address2')}
          />
          <TextInput
            label={t('fields.zip')}
            withAsterisk
            autoComplete="postal-code"
            error={text(errors.address?.zip)}
            {...register('address.zip')}
          />
          <TextInput
            label={t('fields.city')}
            withAsterisk
            error={text(errors.address?.city)}
            {...register('address.city')}
          />
          <TextInput
            label={t('fields.state')}
            error={text(errors.address?.state)}
            {...register('address.state')}
          />
          <Controller
            control={control}
            name="address.countryCode"
            render={({ field }) => (
              <CountrySelect
                ref={field.ref}
                label={countryLabel}
                withAsterisk
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={selectText(errors.address?.countryCode, countryLabel)}
              />
            )}
          />
          <TextInput
            label={t('fields.email')}
            withAsterisk
            type="email"
            autoComplete="email"
            error={text(errors.email)}
            {...register('email')}
          />
          <TextInput
            label={t('fields.phone')}
            type="tel"
            autoComplete="tel"
            error={text(errors.phone)}
            {...register('phone')}
          />
          <TextInput label={t('fields.iban')} withAsterisk error={text(errors.iban)} {...register('iban')} />
          <TextInput label={t('fields.swift')} error={text(errors.swift)} {...register('swift')} />
        </SimpleGrid>
        <div>
          {/* Mantine's own description would sit inside the <label> and make the switch's
              accessible name the whole legal note; linked this way it is read as its help. */}
          {/* Controlled: Mantine's Switch keeps its own state, which a registered input would
              start "off" whatever the saved value is. */}
          <Controller
            control={control}
            name="inVatSystem"
            render={({ field }) => (
              <Switch
                label={t('fields.inVatSystem')}
                aria-describedby={vatHelpId}
                error={text(errors.inVatSystem)}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
          <Text id={vatHelpId} size="xs" c="dimmed" mt={4} pl={50}>
            {t('settings.issuer.vatHelp')}
          </Text>
        </div>
        <div>
          <Controller
            control={control}
            name="flatRate"
            render={({ field }) => (
              <Switch
                label={t('fields.flatRate')}
                aria-describedby={flatRateHelpId}
                error={text(errors.flatRate)}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                checked={field.value}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
              />
            )}
          />
          <Text id={flatRateHelpId} size="xs" c="dimmed" mt={4} pl={50}>
            {t('kpr.flatRateHelp')}{' '}
            <Anchor component={Link} to="/Reports/KPR" size="xs">
              {t('kpr.settingsLink')}
            </Anchor>
          </Text>
        </div>
        <Controller
          control={control}
          name="einvoiceProfile"
          render={({ field }) => (
            <Select
              ref={field.ref}
              label={profileLabel}
              // What the chosen process means, from the Tax Administration's description.
              description={
                <>
                  {t('settings.issuer.einvoiceHelp')}{' '}
                  {profile && t(`settings.einvoice.descriptions.${profile}`)}
                </>
              }
              data={EINVOICE_PROFILES.map((value) => ({
                value,
                label: t(`settings.einvoice.profiles.${value}`),
              }))}
              value={field.value}
              onChange={(value) => field.onChange(value ?? field.value)}
              onBlur={field.onBlur}
              allowDeselect={false}
              maxDropdownHeight={360}
              error={selectText(errors.einvoiceProfile, profileLabel)}
            />
          )}
        />
        <Textarea
          label={t('fields.defaultFootnote')}
          description={t('settings.issuer.footnoteHelp')}
          autosize
          minRows={2}
          error={text(errors.defaultFootnote)}
          {...register('defaultFootnote')}
        />
        <Textarea
          label={t('fields.footerText')}
          description={t('settings.issuer.footerHelp')}
          autosize
          minRows={1}
          error={text(errors.footerText)}
          {...register('footerText')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Textarea
            label={t('fields.defaultFootnoteEn')}
            description={t('settings.issuer.englishHelp')}
            autosize
            minRows={2}
            error={text(errors.defaultFootnoteEn)}
            {...register('defaultFootnoteEn')}
          />
          <Textarea
            label={t('fields.footerTextEn')}
            description={t('settings.issuer.englishHelp')}
            autosize
            minRows={2}
            error={text(errors.footerTextEn)}
            {...register('footerTextEn')}
          />
        </SimpleGrid>
        <ActionBar>
          <Button type="submit" loading={isSubmitting}>
            {t('settings.save')}
          </Button>
        </ActionBar>
      </Stack>
    </form>
  );
}

import { useState } from 'react';
import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import type { DeliverySettings, DeliveryTestResult } from '@faktura/shared';
import { ActionBar } from '../../components/ActionBar';
import { LoadState } from '../../components/LoadState';
import { SettingsSection } from '../../components/SettingsSection';
import { ApiRequestError, errorReason, fieldErrors, labelledReason } from '../../lib/apiError';
import { notifySuccess } from '../../lib/notify';
import { useFiscalSettings } from '../fiscalization';
import { DELIVERY_SETTINGS_PATH, saveDeliverySettings, testDeliveryConnection, useDeliverySettings } from './api';

/** Settings > E-invoice delivery (issue 32): the intermediary, its address, the credentials, Test connection. */
export function DeliveryTab() {
  const { t } = useTranslation();
  const settings = useDeliverySettings();
  const fiscal = useFiscalSettings();
  return (
    <SettingsSection title={t('delivery.settings.title')} intro={t('delivery.settings.intro')}>
      {/* one document, one fiscalization: who does it is chosen once (decision 035) */}
      {fiscal.data?.mode === 'SELF' && (
        <Alert color="blue" variant="light" mb="md" title={t('delivery.settings.whoFiscalizes')}>
          {t('delivery.settings.selfFiscalizes')}
        </Alert>
      )}
      <LoadState data={settings.data} error={settings.error} onRetry={() => void settings.mutate()}>
        {(data) => <DeliveryForm settings={data} />}
      </LoadState>
    </SettingsSection>
  );
}

const PLACED = ['baseUrl', 'username', 'password', 'companyId', 'companyBu', 'softwareId', 'trustedCaPem'];

function DeliveryForm({ settings }: { settings: DeliverySettings }) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const [values, setValues] = useState({
    baseUrl: settings.baseUrl ?? settings.defaults.live,
    username: settings.username ?? '',
    password: '',
    companyId: settings.companyId ?? '',
    companyBu: settings.companyBu ?? '',
    softwareId: settings.softwareId ?? '',
    trustedCaPem: settings.trustedCaPem ?? '',
  });
  const [autoSend, setAutoSend] = useState(settings.autoSend);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<DeliveryTestResult | null>(null);
  const set = (name: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    // read now: the event's target is gone by the time the update runs
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [name]: value }));
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setErrors({});
    setRefusal(null);
    setResult(null);
    setSaving(true);
    try {
      const saved = await saveDeliverySettings({
        provider: 'MOJ_ERACUN',
        baseUrl: values.baseUrl,
        username: values.username,
        ...(values.password ? { password: values.password } : {}),
        companyId: values.companyId,
        companyBu: values.companyBu || null,
        softwareId: values.softwareId,
        autoSend,
        trustedCaPem: values.trustedCaPem.trim() || null,
      });
      await mutate(DELIVERY_SETTINGS_PATH, saved, { revalidate: false });
      setValues((current) => ({ ...current, password: '' }));
      notifySuccess(t('delivery.settings.saved'));
    } catch (error) {
      setErrors(fieldErrors(error));
      if (error instanceof ApiRequestError) {
        const rest = error.errors.filter((e) => !e.field || !PLACED.includes(e.field)).map(labelledReason);
        if (rest.length > 0) setRefusal(rest.join('\n'));
      } else setRefusal(errorReason(error));
    } finally {
      setSaving(false);
    }
  }

  async function test() {
    setTesting(true);
    setResult(null);
    setRefusal(null);
    try {
      setResult(await testDeliveryConnection());
    } catch (error) {
      setRefusal(errorReason(error));
    } finally {
      setTesting(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('delivery.settings.title')}>
      <Stack gap="md">
        <TextInput
          label={t('delivery.settings.provider')}
          value={t('delivery.settings.providers.MOJ_ERACUN')}
          readOnly
          description={t('delivery.settings.providerHelp')}
        />
        <TextInput
          label={t('delivery.settings.baseUrl')}
          value={values.baseUrl}
          onChange={set('baseUrl')}
          error={errors.baseUrl}
          required
          description={t('delivery.settings.baseUrlHelp', { live: settings.defaults.live, demo: settings.defaults.demo })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('delivery.settings.username')} value={values.username} onChange={set('username')} error={errors.username} required autoComplete="off" />
          <PasswordInput
            label={t('delivery.settings.password')}
            value={values.password}
            onChange={set('password')}
            error={errors.password}
            required={!settings.passwordSet}
            autoComplete="new-password"
            description={settings.passwordSet ? t('delivery.settings.passwordKept') : t('delivery.settings.passwordHelp')}
          />
          <TextInput label={t('delivery.settings.companyId')} value={values.companyId} onChange={set('companyId')} error={errors.companyId} required inputMode="numeric" />
          <TextInput
            label={t('delivery.settings.companyBu')}
            value={values.companyBu}
            onChange={set('companyBu')}
            error={errors.companyBu}
            description={t('delivery.settings.companyBuHelp')}
          />
          <TextInput
            label={t('delivery.settings.softwareId')}
            value={values.softwareId}
            onChange={set('softwareId')}
            error={errors.softwareId}
            required
            description={t('delivery.settings.softwareIdHelp')}
          />
        </SimpleGrid>
        <Switch
          label={t('delivery.settings.autoSend')}
          description={t('delivery.settings.autoSendHelp')}
          checked={autoSend}
          onChange={(event) => setAutoSend(event.currentTarget.checked)}
        />
        <Textarea
          label={t('delivery.settings.trustedCa')}
          description={t('delivery.settings.trustedCaHelp')}
          value={values.trustedCaPem}
          onChange={set('trustedCaPem')}
          error={errors.trustedCaPem}
          autosize
          minRows={2}
          maxRows={8}
          styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
        />
        {refusal && (
          <Alert color="red" variant="light" style={{ whiteSpace: 'pre-line' }}>
            {refusal}
          </Alert>
        )}
        {result && (
          // the reason of a success says it works; a failure gets a title above its reason
          <Alert color={result.ok ? 'green' : 'red'} variant="light" role="status" title={result.ok ? undefined : t('delivery.settings.testFailed')}>
            <Text size="sm">{result.reason}</Text>
            {result.detail && (
              <Text size="sm" c="dimmed" mt={4}>
                {t('delivery.settings.testDetail', { detail: result.detail })}
              </Text>
            )}
          </Alert>
        )}
        <ActionBar>
          <Group gap="sm" wrap="wrap">
            <Button type="submit" loading={saving}>
              {t('delivery.settings.save')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconPlugConnected size={16} aria-hidden />}
              onClick={() => void test()}
              loading={testing}
              disabled={!settings.configured}
              title={settings.configured ? undefined : t('delivery.settings.testNeedsSave')}
            >
              {t('delivery.settings.test')}
            </Button>
          </Group>
        </ActionBar>
      </Stack>
    </form>
  );
}

import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { SMTP_SECURITY, type EmailSettings, type SmtpSecurity } from '@faktura/shared';
import { ApiRequestError, errorReason, labelledReason } from '../../lib/apiError';
import { notifySuccess } from '../../lib/notify';
import { LoadState } from '../../components/LoadState';
import { SettingsSection } from '../../components/SettingsSection';
import {
  EMAIL_SETTINGS_PATH,
  type EmailTestResult,
  saveEmailSettings,
  sendTestEmail,
  useEmailSettings,
} from './api';
import { EmailTemplatesForm } from './EmailTemplatesForm';
import { ActionBar } from '../../components/ActionBar';

/** Settings > E-mail: the mail server and the sender, a test message, and the templates. */
export function EmailSettingsTab() {
  const { t } = useTranslation();
  const settings = useEmailSettings();
  return (
    <Stack gap="lg">
      <SettingsSection title={t('email.settings.title')} intro={t('email.settings.intro')}>
        <LoadState data={settings.data} error={settings.error} onRetry={() => void settings.mutate()}>
          {(data) => <ServerForm settings={data} />}
        </LoadState>
      </SettingsSection>
      <SettingsSection title={t('email.settings.templatesTitle')}>
        <LoadState data={settings.data} error={settings.error} onRetry={() => void settings.mutate()}>
          {(data) => <EmailTemplatesForm settings={data} />}
        </LoadState>
      </SettingsSection>
    </Stack>
  );
}

const FIELDS = [
  'host',
  'port',
  'security',
  'username',
  'password',
  'fromName',
  'fromAddress',
  'replyTo',
  'bcc',
] as const;
type Field = (typeof FIELDS)[number];

interface Values {
  host: string;
  port: number | string;
  security: SmtpSecurity;
  username: string;
  password: string;
  fromName: string;
  fromAddress: string;
  replyTo: string;
  bcc: string;
}

const valuesOf = (s: EmailSettings): Values => ({
  host: s.host ?? '',
  port: s.port ?? 587,
  security: s.security ?? 'starttls',
  username: s.username ?? '',
  password: '',
  fromName: s.fromName ?? '',
  fromAddress: s.fromAddress ?? '',
  replyTo: s.replyTo ?? '',
  bcc: s.bcc ?? '',
});

function ServerForm({ settings }: { settings: EmailSettings }) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const [values, setValues] = useState(() => valuesOf(settings));
  const [passwordSet, setPasswordSet] = useState(settings.passwordSet);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const [test, setTest] = useState<EmailTestResult | null>(null);
  const fromEnvironment = settings.source === 'environment';
  const set = (field: keyof Values) => (value: string | number) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const text = (field: keyof Values) => ({
    value: String(values[field]),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(field)(event.currentTarget.value),
    error: errors[field],
  });

  /** Saves; true when the server took it. */
  async function save(): Promise<boolean> {
    setRefusal(null);
    setErrors({});
    const blank = (value: string) => (value.trim() === '' ? null : value.trim());
    try {
      const saved = await saveEmailSettings({
        host: values.host.trim(),
        port: typeof values.port === 'number' ? values.port : Number(values.port),
        security: values.security,
        username: blank(values.username),
        ...(values.password ? { password: values.password } : {}),
        fromName: blank(values.fromName),
        fromAddress: values.fromAddress.trim(),
        replyTo: blank(values.replyTo),
        bcc: blank(values.bcc),
      });
      await mutate(EMAIL_SETTINGS_PATH, saved, { revalidate: false });
      setValues(valuesOf(saved));
      setPasswordSet(saved.passwordSet);
      return true;
    } catch (error) {
      const found: Partial<Record<Field, string>> = {};
      const rest: string[] = [];
      if (error instanceof ApiRequestError) {
        for (const e of error.errors) {
          const field = FIELDS.find((name) => name === e.field);
          if (field && !found[field]) found[field] = e.reason;
          else rest.push(labelledReason(e));
        }
      } else rest.push(errorReason(error));
      setErrors(found);
      if (rest.length > 0) setRefusal(rest.join('\n'));
      return false;
    }
  }

  async function onSave() {
    setBusy('save');
    setTest(null);
    if (await save()) notifySuccess(t('email.settings.saved'));
    setBusy(null);
  }

  async function onTest() {
    setBusy('test');
    setTest(null);
    try {
      if (await save()) setTest(await sendTestEmail());
    } catch (error) {
      setRefusal(errorReason(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <form
      noValidate
      aria-label={t('email.settings.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
    >
      <Stack>
        {fromEnvironment && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            {t('email.settings.fromEnvironment')}
          </Alert>
        )}
        {refusal && (
          <Alert
            role="alert"
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            style={{ whiteSpace: 'pre-line' }}
          >
            {refusal}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('email.settings.host')}
            placeholder="smtp.example.hr"
            withAsterisk
            disabled={fromEnvironment}
            {...text('host')}
          />
          <NumberInput
            label={t('email.settings.port')}
            min={1}
            max={65535}
            allowDecimal={false}
            withAsterisk
            disabled={fromEnvironment}
            value={values.port}
            onChange={(value) => set('port')(value)}
            error={errors.port}
          />
          <Select
            label={t('email.settings.security')}
            data={SMTP_SECURITY.map((value) => ({
              value,
              label: t(`email.settings.securityOptions.${value}`),
            }))}
            value={values.security}
            onChange={(value) => value && set('security')(value)}
            allowDeselect={false}
            disabled={fromEnvironment}
            error={errors.security}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('email.settings.username')}
            autoComplete="off"
            disabled={fromEnvironment}
            {...text('username')}
          />
          <PasswordInput
            label={t('email.settings.password')}
            description={passwordSet ? t('email.settings.passwordSet') : undefined}
            autoComplete="new-password"
            disabled={fromEnvironment}
            {...text('password')}
          />
          <TextInput label={t('email.settings.fromName')} {...text('fromName')} />
          <TextInput
            label={t('email.settings.fromAddress')}
            type="email"
            withAsterisk
            {...text('fromAddress')}
          />
          <TextInput label={t('email.settings.replyTo')} type="email" {...text('replyTo')} />
          <TextInput label={t('email.settings.bcc')} type="email" {...text('bcc')} />
        </SimpleGrid>
        {test && (
          <Alert
            role="status"
            color={test.ok ? 'green' : 'red'}
            variant="light"
            icon={test.ok ? <IconCircleCheck size={18} /> : <IconAlertCircle size={18} />}
          >
            <Text size="sm">
              {test.ok ? test.reason : t('email.settings.testFailed', { reason: test.reason })}
            </Text>
            {test.serverResponse && (
              <Text size="xs" c="dimmed">
                {t('email.settings.serverSaid', { response: test.serverResponse })}
              </Text>
            )}
          </Alert>
        )}
        <ActionBar justify="space-between">
          <Text size="xs" c="dimmed">
            {t('email.settings.testTo')}
          </Text>
          <Group>
            <Button
              variant="default"
              leftSection={<IconSend size={16} />}
              loading={busy === 'test'}
              disabled={busy === 'save'}
              onClick={() => void onTest()}
            >
              {t('email.settings.test')}
            </Button>
            <Button type="submit" loading={busy === 'save'} disabled={busy === 'test'}>
              {t('email.settings.save')}
            </Button>
          </Group>
        </ActionBar>
      </Stack>
    </form>
  );
}

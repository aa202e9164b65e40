import { useState } from 'react';
import {
  Accordion,
  Alert,
  Button,
  FileInput,
  Group,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconAlertCircle, IconCertificate, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import {
  FISCAL_ENVIRONMENTS,
  FISCAL_MODES,
  type FiscalEnvironment,
  type FiscalMode,
  type FiscalSettings,
  formatDate,
} from '@faktura/shared';
import { ActionBar } from '../../components/ActionBar';
import { LoadState } from '../../components/LoadState';
import { SettingsSection } from '../../components/SettingsSection';
import { fieldErrors, labelledReason, ApiRequestError } from '../../lib/apiError';
import { currentLanguage } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { FISCAL_SETTINGS_PATH, saveFiscalSettings, useFiscalSettings } from './api';

/** Settings > Fiscalization: who fiscalizes, where, and with which certificate (issue 29). */
export function FiscalizationTab() {
  const { t } = useTranslation();
  const settings = useFiscalSettings();
  return (
    <SettingsSection title={t('fiscalization.title')} intro={t('fiscalization.intro')}>
      <LoadState data={settings.data} error={settings.error} onRetry={() => void settings.mutate()}>
        {(data) => <FiscalizationForm settings={data} />}
      </LoadState>
    </SettingsSection>
  );
}

/** The file's bytes as base64, for the JSON body (a data: URL's payload). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
    reader.onerror = () => reject(reader.error ?? new Error('the file cannot be read'));
    reader.readAsDataURL(file);
  });
}

const DAY_MS = 24 * 3600_000;

function FiscalizationForm({ settings }: { settings: FiscalSettings }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { mutate } = useSWRConfig();
  const [mode, setMode] = useState<FiscalMode>(settings.mode);
  const [environment, setEnvironment] = useState<FiscalEnvironment>(settings.environment);
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const custom = (name: 'einvoice' | 'ereporting' | 'b2c') =>
    settings.endpoints[name] === settings.defaults[name] ? '' : settings.endpoints[name];
  const [endpoints, setEndpoints] = useState({
    einvoice: custom('einvoice'),
    ereporting: custom('ereporting'),
    b2c: custom('b2c'),
  });
  const [trustedCaPem, setTrustedCaPem] = useState(settings.trustedCaPem ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const certificate = settings.certificate;
  // one reading of the clock for the visit (render stays pure)
  const [now] = useState(() => Date.now());

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setErrors({});
    setRefusal(null);
    setSaving(true);
    try {
      const saved = await saveFiscalSettings({
        mode,
        environment,
        ...(file ? { certificate: { p12: await base64Of(file), password } } : {}),
        endpoints: {
          einvoice: endpoints.einvoice || null,
          ereporting: endpoints.ereporting || null,
          b2c: endpoints.b2c || null,
        },
        trustedCaPem: trustedCaPem.trim() || null,
      });
      await mutate(FISCAL_SETTINGS_PATH, saved, { revalidate: false });
      setFile(null);
      setPassword('');
      notifySuccess(t('fiscalization.saved'));
    } catch (error) {
      const byField = fieldErrors(error);
      setErrors(byField);
      if (error instanceof ApiRequestError) {
        const placed = new Set([
          'certificate',
          'environment',
          'trustedCaPem',
          'endpoints.einvoice',
          'endpoints.ereporting',
          'endpoints.b2c',
        ]);
        const rest = error.errors.filter((e) => !e.field || !placed.has(e.field)).map(labelledReason);
        if (rest.length > 0) setRefusal(rest.join('\n'));
      } else {
        setRefusal(String(error));
      }
    } finally {
      setSaving(false);
    }
  }

  const expiresSoon = certificate && new Date(certificate.validTo).getTime() - now < 30 * DAY_MS;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('fiscalization.title')}>
      <Stack>
        {refusal && (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {refusal}
          </Alert>
        )}
        <Radio.Group
          label={t('fiscalization.mode.label')}
          value={mode}
          onChange={(value) => setMode(value as FiscalMode)}
        >
          <Stack gap="xs" mt="xs">
            {FISCAL_MODES.map((value) => (
              <Radio
                key={value}
                value={value}
                label={t(`fiscalization.mode.${value}`)}
                description={t(`fiscalization.mode.${value}Help`)}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Select
          label={t('fiscalization.environment.label')}
          description={t('fiscalization.environment.help')}
          data={FISCAL_ENVIRONMENTS.map((value) => ({
            value,
            label: t(`fiscalization.environment.${value}`),
          }))}
          value={environment}
          onChange={(value) => value && setEnvironment(value as FiscalEnvironment)}
          allowDeselect={false}
          error={errors.environment}
          maw={360}
        />

        <Text fw={600} mt="sm">
          {t('fiscalization.certificate.title')}
        </Text>
        {certificate ? (
          <Table
            variant="vertical"
            layout="fixed"
            withTableBorder
            aria-label={t('fiscalization.certificate.title')}
          >
            <Table.Tbody>
              {(
                [
                  ['subject', certificate.subject],
                  ['oib', certificate.oib],
                  [
                    'issuer',
                    `${certificate.issuer} (${t(`fiscalization.certificate.kind.${certificate.kind}`)})`,
                  ],
                  ['validTo', formatDate(certificate.validTo, language)],
                  ['fingerprint', certificate.fingerprint256],
                ] as const
              ).map(([key, value]) => (
                <Table.Tr key={key}>
                  <Table.Th w={{ base: 120, sm: 200 }}>{t(`fiscalization.certificate.${key}`)}</Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text c="dimmed">{t('fiscalization.certificate.none')}</Text>
        )}
        {certificate && settings.certificateIsIssuers === false && settings.issuerOib && (
          <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
            {t('fiscalization.certificate.notIssuers', {
              certificate: certificate.oib,
              issuer: settings.issuerOib,
            })}
          </Alert>
        )}
        {expiresSoon && (
          <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />}>
            {t('fiscalization.certificate.expiresSoon', { date: formatDate(certificate.validTo, language) })}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <FileInput
            label={certificate ? t('fiscalization.certificate.replace') : t('fiscalization.certificate.file')}
            accept=".p12,.pfx,application/x-pkcs12"
            value={file}
            onChange={setFile}
            clearable
            leftSection={<IconCertificate size={16} aria-hidden />}
            error={errors.certificate}
          />
          <PasswordInput
            label={t('fiscalization.certificate.password')}
            description={t('fiscalization.certificate.passwordHelp')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            disabled={!file}
            autoComplete="off"
          />
        </SimpleGrid>

        <Accordion variant="contained">
          <Accordion.Item value="advanced">
            <Accordion.Control>{t('fiscalization.advanced')}</Accordion.Control>
            <Accordion.Panel>
              <Stack>
                {(['einvoice', 'ereporting', 'b2c'] as const).map((name) => (
                  <TextInput
                    key={name}
                    label={t(`fiscalization.endpoints.${name}`)}
                    description={t('fiscalization.endpoints.help', { url: settings.defaults[name] })}
                    placeholder={settings.defaults[name]}
                    value={endpoints[name]}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setEndpoints((current) => ({ ...current, [name]: value }));
                    }}
                    error={errors[`endpoints.${name}`]}
                    inputMode="url"
                  />
                ))}
                <Textarea
                  label={t('fiscalization.trustedCa')}
                  description={t('fiscalization.trustedCaHelp')}
                  value={trustedCaPem}
                  onChange={(event) => setTrustedCaPem(event.currentTarget.value)}
                  autosize
                  minRows={3}
                  maxRows={10}
                  styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
                  error={errors.trustedCaPem}
                />
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        <ActionBar>
          <Group>
            <Button type="submit" loading={saving}>
              {t('fiscalization.save')}
            </Button>
          </Group>
        </ActionBar>
      </Stack>
    </form>
  );
}

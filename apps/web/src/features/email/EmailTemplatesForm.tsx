import { useState } from 'react';
import {
  Alert,
  Button,
  Code,
  Group,
  List,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { EMAIL_TEMPLATE_KINDS, type EmailSettings, type EmailTemplate } from '@faktura/shared';
import { ApiRequestError, errorReason, labelledReason } from '../../lib/apiError';
import { notifySuccess } from '../../lib/notify';
import { EMAIL_SETTINGS_PATH, saveEmailTemplates } from './api';
import { ActionBar } from '../../components/ActionBar';

const keyOf = (template: Pick<EmailTemplate, 'language' | 'kind'>) => `${template.language}/${template.kind}`;

/** The invoice, credit-note and reminder templates per language, the placeholders they may use, and a way back to the default text. */
export function EmailTemplatesForm({ settings }: { settings: EmailSettings }) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const [templates, setTemplates] = useState(settings.templates);
  const [language, setLanguage] = useState<'hr' | 'en'>('hr');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (key: string, patch: Partial<EmailTemplate>) => {
    setTemplates((current) =>
      current.map((template) => (keyOf(template) === key ? { ...template, ...patch } : template)),
    );
    setErrors({});
  };

  async function save() {
    setBusy(true);
    setRefusal(null);
    setErrors({});
    try {
      const saved = await saveEmailTemplates(templates);
      await mutate(EMAIL_SETTINGS_PATH, saved, { revalidate: false });
      setTemplates(saved.templates);
      notifySuccess(t('email.settings.templatesSaved'));
    } catch (error) {
      // "templates.2.subject" names the template by its place in what was sent
      const found: Record<string, string> = {};
      const rest: string[] = [];
      if (error instanceof ApiRequestError) {
        for (const e of error.errors) {
          const [, index, field] = /^templates\.(\d+)\.(subject|body)$/.exec(e.field ?? '') ?? [];
          const template = index === undefined ? undefined : templates[Number(index)];
          if (template && field) found[`${keyOf(template)}/${field}`] = e.reason;
          else rest.push(labelledReason(e));
        }
      } else rest.push(errorReason(error));
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) setLanguage(first.startsWith('en/') ? 'en' : 'hr');
      if (rest.length > 0) setRefusal(rest.join('\n'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      aria-label={t('email.settings.templatesTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t('email.settings.templatesIntro')}
        </Text>
        <List size="sm" spacing={2}>
          {settings.placeholders.map((name) => (
            <List.Item key={name}>
              {/* built here, not in the catalogue: i18next would fill {{…}} itself */}
              <Code>{`{{${name}}}`}</Code> – {t(`email.placeholders.${name}`)}
            </List.Item>
          ))}
        </List>
        {refusal && (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} />}>
            {refusal}
          </Alert>
        )}
        <SegmentedControl
          value={language}
          onChange={(value) => setLanguage(value as 'hr' | 'en')}
          data={[
            { value: 'hr', label: t('email.settings.templateFor.hr') },
            { value: 'en', label: t('email.settings.templateFor.en') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {EMAIL_TEMPLATE_KINDS.map((kind) => {
          const key = keyOf({ language, kind });
          const template = templates.find((candidate) => keyOf(candidate) === key);
          const fallback = settings.defaults.find((candidate) => keyOf(candidate) === key);
          if (!template) return null;
          const heading = `${t(`email.settings.kind.${kind}`)} – ${t(`email.settings.templateFor.${language}`)}`;
          return (
            <Stack
              key={key}
              gap="xs"
              component="fieldset"
              style={{ border: 0, padding: 0, margin: 0 }}
              aria-label={heading}
            >
              <Title order={3} size="h5">
                {heading}
              </Title>
              <TextInput
                label={t('email.settings.subject')}
                value={template.subject}
                onChange={(event) => change(key, { subject: event.currentTarget.value })}
                error={errors[`${key}/subject`]}
              />
              <Textarea
                label={t('email.settings.body')}
                value={template.body}
                onChange={(event) => change(key, { body: event.currentTarget.value })}
                autosize
                minRows={6}
                maxRows={14}
                error={errors[`${key}/body`]}
              />
              {fallback && (template.subject !== fallback.subject || template.body !== fallback.body) && (
                <Group>
                  <Button
                    variant="subtle"
                    size="xs"
                    onClick={() => change(key, { subject: fallback.subject, body: fallback.body })}
                  >
                    {t('email.settings.restore')}
                  </Button>
                </Group>
              )}
            </Stack>
          );
        })}
        <ActionBar>
          <Button type="submit" loading={busy}>
            {t('email.settings.saveTemplates')}
          </Button>
        </ActionBar>
      </Stack>
    </form>
  );
}

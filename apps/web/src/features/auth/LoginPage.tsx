import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Center,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { errorReason } from '../../lib/apiError';
import { useSession } from './SessionProvider';

/** Shown on every route while nobody is signed in; after login the requested route appears. */
export function LoginPage() {
  const { t } = useTranslation();
  const { login } = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  useDocumentTitle(t('login.title'));

  // Passwords may legitimately start or end with spaces, e-mail addresses may not.
  const ready = username.trim() !== '' && password !== '';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      await login(username, password);
      // Success replaces this screen with the app, so there is nothing left to reset.
    } catch (failure) {
      setError(errorReason(failure));
      setSubmitting(false);
    }
  }

  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={400}>
        <Group justify="space-between" align="flex-start" mb="lg">
          <div>
            <Title order={1} size="h2">
              {t('app.name')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('login.intro')}
            </Text>
          </div>
          <LanguageSwitch />
        </Group>
        {/* noValidate: the browser's own messages would ignore the chosen language; the server explains. */}
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('login.title')}>
          <Stack>
            {error && (
              <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle size={18} />}>
                {error}
              </Alert>
            )}
            <TextInput
              label={t('fields.username')}
              type="email"
              autoComplete="username"
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
              autoFocus
            />
            <PasswordInput
              label={t('fields.password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <Button type="submit" disabled={!ready} loading={submitting} fullWidth>
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}

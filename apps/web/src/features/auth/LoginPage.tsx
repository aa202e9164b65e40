import { useEffect, useState, type FormEvent } from 'react';
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
import { ApiRequestError, errorReason } from '../../lib/apiError';
import { useSession } from './SessionProvider';

/** A refusal that told how long to wait (429 with Retry-After): for which e-mail, and until when. */
interface Wait {
  username: string;
  until: number;
  /** A wait of minutes (a lock after failed sign-ins) also says the time; a few seconds (a busy server) need not. */
  long: boolean;
}

const accountOf = (username: string) => username.trim().toLowerCase();

/** "14:32" in Zagreb time, as the rest of the app shows times. */
function clockTime(at: number, language: string): string {
  return new Intl.DateTimeFormat(language === 'hr' ? 'hr-HR' : 'en-GB', {
    timeStyle: 'short',
    timeZone: 'Europe/Zagreb',
  }).format(new Date(at));
}

/** Shown on every route while nobody is signed in; after login the requested route appears. */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const { login } = useSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [wait, setWait] = useState<Wait | null>(null);
  const [submitting, setSubmitting] = useState(false);
  useDocumentTitle(t('login.title'));

  // Once the wait is over, the button is enabled again and the time no longer shown.
  useEffect(() => {
    if (!wait) return;
    const timer = setTimeout(() => setWait(null), Math.max(0, wait.until - Date.now()));
    return () => clearTimeout(timer);
  }, [wait]);

  // Passwords may legitimately start or end with spaces, e-mail addresses may not.
  // The server refused this e-mail for a while: trying again before then would only be refused again.
  const waiting = wait !== null && wait.username === accountOf(username);
  const ready = username.trim() !== '' && password !== '' && !waiting;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || submitting) return;
    setSubmitting(true);
    setError(null);
    setWait(null);
    try {
      await login(username, password);
      // Success replaces this screen with the app, so there is nothing left to reset.
    } catch (failure) {
      setError(errorReason(failure));
      if (failure instanceof ApiRequestError && failure.status === 429 && failure.retryAfter) {
        setWait({ username: accountOf(username), until: Date.now() + failure.retryAfter * 1000, long: failure.retryAfter >= 60 });
      }
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
                {/* the time, so the wait still reads right on a screen left open */}
                {waiting && wait.long && (
                  <Text size="sm" mt={4}>
                    {t('login.waitUntil', { time: clockTime(wait.until, i18n.language) })}
                  </Text>
                )}
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

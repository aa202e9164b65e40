import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { type ReceivedFiscalization, formatDateTime, todayInZagreb } from '@faktura/shared';
import { errorReason } from '../../lib/apiError';
import { currentLanguage } from '../../lib/i18n';
import { notifyApiError } from '../../lib/notify';
import { formatDay } from '../invoices';
import { fetchReceivedFiscalMessages, fiscalizeReceivedNow, receivedFiscalizationKey, receivedKey, useReceivedFiscalization } from './api';

const COLORS: Record<ReceivedFiscalization['status'], string> = { PENDING: 'yellow', FISCALIZED: 'green', FAILED: 'red', BY_INTERMEDIARY: 'blue', NOT_REQUIRED: 'gray' };

/**
 * A received e-invoice's fiscalization as received (vrstaERacuna U, decision 038): where it stands,
 * the deadline, a refusal's reason in the reader's language, "Fiscalize now", the messages exchanged.
 */
export function ReceivedFiscalSection({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const [pending, setPending] = useState(false);
  const { data, error, mutate } = useReceivedFiscalization(id, pending);
  const sending = data?.status === 'PENDING' && data.sender === 'FAKTURA';
  if (data && sending !== pending) setPending(sending);
  // a refusal's reason is the server's words in the language it was read in: read it again after a
  // switch (only then; a language switch asks the API nothing else, issue 11)
  const readIn = useRef(i18n.language);
  const hasWords = Boolean(data?.error);
  // the page's header and its Original section show the same status: read the document again when it moves
  const { mutate: mutateKey } = useSWRConfig();
  const status = data?.status;
  const seen = useRef(status);
  useEffect(() => {
    if (status === undefined || seen.current === status) return;
    const first = seen.current === undefined;
    seen.current = status;
    if (!first) void mutateKey(receivedKey(id));
  }, [status, id, mutateKey]);
  useEffect(() => {
    if (readIn.current === i18n.language) return;
    readIn.current = i18n.language;
    if (hasWords) void mutate();
  }, [i18n.language, hasWords, mutate]);
  return (
    <Paper withBorder p="md" component="section" aria-label={t('fiscalization.received.title')}>
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Title order={2} size="h5">
          {t('fiscalization.received.title')}
        </Title>
        {data && (
          <Badge color={COLORS[data.status]} variant="light">
            {t(`fiscalization.received.${data.status}`)}
          </Badge>
        )}
      </Group>
      {error ? (
        <Alert color="red" variant="light">
          {errorReason(error)}
        </Alert>
      ) : !data ? (
        <Text c="dimmed">{t('settings.loading')}</Text>
      ) : (
        <Details id={id} data={data} />
      )}
    </Paper>
  );
}

function Details({ id, data }: { id: number; data: ReceivedFiscalization }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState(false);
  const [now] = useState(() => Date.now());
  const deadline = formatDay(data.deadline, language);
  const open = data.status === 'PENDING' || data.status === 'FAILED';
  const late = open && todayInZagreb() > data.deadline;

  async function sendNow() {
    setBusy(true);
    try {
      const answer = await fiscalizeReceivedNow(id);
      await mutate(receivedFiscalizationKey(id), answer, { revalidate: false });
    } catch (failure) {
      notifyApiError(failure);
    } finally {
      setBusy(false);
    }
  }

  async function downloadMessages() {
    try {
      const messages = await fetchReceivedFiscalMessages(id);
      const url = URL.createObjectURL(new Blob([JSON.stringify(messages, null, 2)], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `fiskalizacija-primljenog-${String(id)}.json`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (failure) {
      notifyApiError(failure);
    }
  }

  let help: string;
  if (data.status === 'FISCALIZED') help = t('fiscalization.received.fiscalized', { when: data.at ? formatDateTime(data.at, language) : '', requestId: data.requestId ?? '' });
  else if (data.status === 'FAILED') help = t('fiscalization.received.failed', { code: data.error?.code ?? '', reason: data.error?.reason ?? '' });
  else if (data.status === 'NOT_REQUIRED') help = t('fiscalization.received.notRequired');
  else if (data.status === 'BY_INTERMEDIARY' || data.sender === 'INTERMEDIARY') help = t('fiscalization.received.byIntermediary');
  else if (data.sender === 'NONE') help = t('fiscalization.received.pendingNone');
  else if (data.nextAttemptAt && new Date(data.nextAttemptAt).getTime() > now) help = t('fiscalization.received.pendingFaktura', { when: formatDateTime(data.nextAttemptAt, language) });
  else help = t('fiscalization.received.pendingNow');

  return (
    <Stack gap="xs">
      <Text size="sm">{t('fiscalization.received.intro')}</Text>
      <Text role="status" style={{ overflowWrap: 'anywhere' }}>
        {help}
      </Text>
      {data.status === 'FAILED' && data.error?.text && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('fiscalization.received.serviceText', { text: data.error.text })}
        </Text>
      )}
      {data.status === 'PENDING' && data.error && (
        <Text size="sm" c="dimmed">
          {t('fiscalization.received.lastError', { code: data.error.code, reason: data.error.reason })}
        </Text>
      )}
      {open && <Text size="sm">{t('fiscalization.received.deadline', { deadline })}</Text>}
      {data.attempts > 0 && <Text size="sm">{t('fiscalization.received.attempts', { attempts: data.attempts })}</Text>}
      {late && (
        <Alert color="red" variant="light">
          {t('fiscalization.received.late', { deadline })}
        </Alert>
      )}
      {open && data.sender === 'FAKTURA' && (
        <Group>
          <Button leftSection={<IconSend size={16} />} loading={busy} onClick={() => void sendNow()}>
            {t('fiscalization.status.now')}
          </Button>
        </Group>
      )}
      {data.messages.length > 0 && (
        <>
          <Text fw={600} size="sm" id={`received-fiscal-messages-${String(id)}`}>
            {t('fiscalization.status.messagesTitle')}
          </Text>
          <Stack gap={6} component="ul" aria-labelledby={`received-fiscal-messages-${String(id)}`} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {[...data.messages].reverse().map((message) => (
              <Text component="li" key={message.id} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {`${formatDateTime(message.sentAt, language)} · ${t(`fiscalization.status.outcome.${message.outcome}`)}`}
                {message.requestId ? ` · ${message.requestId}` : ''}
                {message.errorCode ? ` · ${message.errorCode} ${message.errorText ?? ''}` : ''}
              </Text>
            ))}
          </Stack>
          <Anchor component="button" type="button" onClick={() => void downloadMessages()} size="sm">
            <Group gap={4} wrap="nowrap">
              <IconDownload size={14} aria-hidden />
              {t('fiscalization.status.download')}
            </Group>
          </Anchor>
        </>
      )}
    </Stack>
  );
}

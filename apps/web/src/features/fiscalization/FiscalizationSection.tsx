import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { type FiscalStatus, type InvoiceFiscalization, type Language, formatDate, formatDateTime, todayInZagreb } from '@faktura/shared';
import { TableScroll } from '../../components/TableScroll';
import { errorReason } from '../../lib/apiError';
import { currentLanguage } from '../../lib/i18n';
import { notifyApiError, notifySuccess } from '../../lib/notify';
import { fetchFiscalMessages, fiscalizeNow, invoiceFiscalizationKey, useInvoiceFiscalization } from './api';

const COLORS: Record<FiscalStatus, string> = {
  NOT_REQUIRED: 'gray',
  PENDING: 'yellow',
  FISCALIZED: 'green',
  FAILED: 'red',
  BY_INTERMEDIARY: 'blue',
};

/** The messages the table names (anything else shows its code). */
const KINDS = ['ERACUN', 'ISPORUKA', 'NAPLATA', 'RACUN'] as const;

/** The codes Faktura explains itself (the service's own carry their text). */
const EXPLAINED = ['NETWORK', 'TIMEOUT', 'TLS', 'HTTP', 'ANSWER', 'einvoiceOperatorOib', 'receiptOperatorOib', 'receiptNumber'] as const;

/** A moment as every screen writes one: "26. 11. 2026. 17:49" / "26 Nov 2026, 17:49" (Croatian time). */
const when = (iso: string, language: Language) => formatDateTime(iso, language);

/** The badge of a document's fiscalization status (the invoice page; the list later). */
export function FiscalStatusBadge({ status }: { status: FiscalStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`fiscalization.status.${status}`)}
    </Badge>
  );
}

/** Where an issued document stands with the Tax Administration: status, what to do, the messages exchanged. */
export function FiscalizationSection({ invoiceId }: { invoiceId: number }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const state = useInvoiceFiscalization(invoiceId, pending);
  const data = state.data;
  const isPending = data?.status === 'PENDING';
  if (isPending !== pending && data) setPending(isPending);
  return (
    <Paper withBorder radius="md" p="md" mt="lg" component="section" aria-labelledby="fiscalization-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id="fiscalization-title">
          {t('fiscalization.status.title')}
        </Title>
        {data?.status && <FiscalStatusBadge status={data.status} />}
      </Group>
      {state.error ? (
        <Alert color="red" variant="light">
          {errorReason(state.error)}
        </Alert>
      ) : !data ? (
        <Text c="dimmed">{t('settings.loading')}</Text>
      ) : (
        <FiscalizationDetails invoiceId={invoiceId} data={data} />
      )}
    </Paper>
  );
}

function FiscalizationDetails({ invoiceId, data }: { invoiceId: number; data: InvoiceFiscalization }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const { mutate } = useSWRConfig();
  const [sending, setSending] = useState(false);
  const [now] = useState(() => Date.now());
  const deadline = data.deadline ? formatDate(data.deadline, language) : '';
  const late = data.deadline !== null && data.status !== 'FISCALIZED' && todayInZagreb() > data.deadline;
  const errorWords = (code: string): string =>
    (EXPLAINED as readonly string[]).includes(code)
      ? t(`fiscalization.status.errors.${code as (typeof EXPLAINED)[number]}`)
      : '';

  async function sendNow() {
    setSending(true);
    try {
      const answer = await fiscalizeNow(invoiceId);
      await mutate(invoiceFiscalizationKey(invoiceId), answer, { revalidate: false });
      if (answer.status === 'FISCALIZED')
        notifySuccess(
          t('fiscalization.status.fiscalizedHelp', {
            when: answer.at ? when(answer.at, language) : '',
            requestId: answer.requestId ?? '',
          }),
        );
    } catch (error) {
      notifyApiError(error);
    } finally {
      setSending(false);
    }
  }

  async function downloadMessages() {
    try {
      const messages = await fetchFiscalMessages(invoiceId);
      const blob = new Blob([JSON.stringify(messages, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `fiskalizacija-${invoiceId}.json`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      notifyApiError(error);
    }
  }

  // a consumer, cash or card invoice: ZKI and JIR (decision 031)
  const receipt = data.kind === 'RACUN';
  let help: string;
  switch (data.status) {
    case 'NOT_REQUIRED':
      help = t('fiscalization.status.notRequiredHelp');
      break;
    case 'PENDING':
      help = receipt
        ? t('fiscalization.status.receiptPendingHelp', { deadline })
        : data.nextAttemptAt && new Date(data.nextAttemptAt).getTime() > now
          ? t('fiscalization.status.pendingHelp', { when: when(data.nextAttemptAt, language), deadline })
          : t('fiscalization.status.pendingNow', { deadline });
      break;
    case 'FISCALIZED':
      help = receipt
        ? t('fiscalization.status.receiptFiscalizedHelp', { when: data.at ? when(data.at, language) : '' })
        : t('fiscalization.status.fiscalizedHelp', {
        when: data.at ? when(data.at, language) : '',
        requestId: data.requestId ?? '',
      });
      break;
    case 'FAILED':
      help = t('fiscalization.status.failedHelp', {
        code: data.error?.code ?? '',
        text: data.error?.text ?? errorWords(data.error?.code ?? ''),
      });
      break;
    case 'BY_INTERMEDIARY':
      help = t('fiscalization.status.byIntermediaryHelp');
      break;
    default:
      help = t('fiscalization.status.none');
  }
  return (
    <Stack gap="sm">
      <Text role="status">{help}</Text>
      {receipt && (
        <Stack gap={4}>
          <Text size="sm">{t('fiscalization.status.receiptHelp')}</Text>
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            ZKI: {data.zki ?? '—'}
          </Text>
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            JIR: {data.jir ?? '—'}
          </Text>
        </Stack>
      )}
      {data.kind === 'ISPORUKA' && (
        <Text size="sm">
          {t(data.status === 'FISCALIZED' ? 'fiscalization.status.supplyDone' : 'fiscalization.status.supplyHelp')}
        </Text>
      )}
      {data.status === 'FAILED' && <Text size="sm">{t('fiscalization.status.failedWhatToDo')}</Text>}
      {data.status === 'PENDING' && data.error && (
        <Text size="sm" c="dimmed">
          {t('fiscalization.status.lastError', {
            code: data.error.code,
            text: errorWords(data.error.code) || data.error.text || '',
          })}
        </Text>
      )}
      {late && (
        <Alert color="red" variant="light">
          {t('fiscalization.status.lateHelp', { deadline })}
        </Alert>
      )}
      {(data.status === 'PENDING' || data.status === 'FAILED') && (
        <Group>
          <Button leftSection={<IconSend size={16} />} loading={sending} onClick={() => void sendNow()}>
            {t('fiscalization.status.now')}
          </Button>
        </Group>
      )}
      {data.messages.length > 0 && (
        <>
          <Text fw={600} size="sm" id="fiscal-messages-title">
            {t('fiscalization.status.messagesTitle')}
          </Text>
          <TableScroll minWidth={680}>
            <Table verticalSpacing="xs" aria-labelledby="fiscal-messages-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fiscalization.status.columns.sentAt')}</Table.Th>
                  <Table.Th>{t('fiscalization.status.columns.kind')}</Table.Th>
                  <Table.Th>{t('fiscalization.status.columns.outcome')}</Table.Th>
                  <Table.Th>{t(receipt ? 'fiscalization.status.jirColumn' : 'fiscalization.status.columns.requestId')}</Table.Th>
                  <Table.Th>{t('fiscalization.status.columns.error')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {[...data.messages].reverse().map((message) => (
                  <Table.Tr key={message.id}>
                    <Table.Td>{when(message.sentAt, language)}</Table.Td>
                    <Table.Td>
                      {(KINDS as readonly string[]).includes(message.kind)
                        ? t(`fiscalization.status.kinds.${message.kind as (typeof KINDS)[number]}`)
                        : message.kind}
                    </Table.Td>
                    <Table.Td>{t(`fiscalization.status.outcome.${message.outcome}`)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{message.requestId ?? ''}</Table.Td>
                    <Table.Td>
                      {message.errorCode
                        ? `${message.errorCode} ${errorWords(message.errorCode) || message.errorText || ''}`
                        : ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
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

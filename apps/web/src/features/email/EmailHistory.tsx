import { useState } from 'react';
import { Alert, Badge, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type DocumentType, emailTemplateKind, type InvoiceEmailRecord } from '@faktura/shared';
import { errorReason } from '../../lib/apiError';
import { currentLanguage } from '../../lib/i18n';
import { notifyApiError, notifySuccess, notifyError } from '../../lib/notify';
import { sendInvoiceEmail, useInvoiceEmails, useRefreshAfterSending } from './api';
import { formatSentAt } from './formatSentAt';
import { TableScroll } from '../../components/TableScroll';

/** The invoice's sendings, newest first: when, to whom, which template, and the outcome. A failed one can be sent again. */
export function EmailHistory({
  invoiceId,
  documentType = 'INVOICE',
}: {
  invoiceId: number;
  /** Names the document by its kind ("Odobrenje još nije poslano…"). */
  documentType?: DocumentType;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const records = useInvoiceEmails(invoiceId);
  const refresh = useRefreshAfterSending();
  const [retrying, setRetrying] = useState<number | null>(null);

  async function retry(record: InvoiceEmailRecord) {
    setRetrying(record.id);
    try {
      const again = await sendInvoiceEmail(invoiceId, {
        to: record.to,
        cc: record.cc,
        subject: record.subject,
        body: record.body,
        kind: record.kind,
      });
      if (again.status === 'SENT') notifySuccess(t('email.send.sent', { to: again.to.join(', ') }));
      else notifyError(t('email.send.failed', { reason: again.reason ?? '' }));
    } catch (error) {
      notifyApiError(error);
    } finally {
      setRetrying(null);
      void refresh(invoiceId);
    }
  }

  return (
    <Paper withBorder radius="md" p="md" mt="lg" component="section" aria-labelledby="email-history-title">
      <Title order={2} size="h4" mb="sm" id="email-history-title">
        {t('email.history.title')}
      </Title>
      {records.error ? (
        <Alert color="red" variant="light">
          {t('email.history.loadFailed')}: {errorReason(records.error)}
        </Alert>
      ) : !records.data ? (
        <Text c="dimmed">{t('settings.loading')}</Text>
      ) : records.data.length === 0 ? (
        <Text c="dimmed">{t(documentType === 'CREDIT_NOTE' ? 'email.history.emptyCreditNote' : 'email.history.empty')}</Text>
      ) : (
        <TableScroll minWidth={640}>
          <Table verticalSpacing="xs" aria-labelledby="email-history-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('email.history.when')}</Table.Th>
                <Table.Th>{t('email.history.to')}</Table.Th>
                <Table.Th>{t('email.history.kind')}</Table.Th>
                <Table.Th>{t('email.history.outcome')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.data.map((record) => {
                const when = formatSentAt(record.createdAt, language);
                return (
                  <Table.Tr key={record.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{when}</Table.Td>
                    <Table.Td>
                      <Stack gap={0}>
                        <Text size="sm">{record.to.join(', ')}</Text>
                        {record.cc.length > 0 && (
                          <Text size="xs" c="dimmed">
                            CC: {record.cc.join(', ')}
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td>{t(`email.settings.kind.${emailTemplateKind(record.kind, documentType)}`)}</Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        <Badge color={record.status === 'SENT' ? 'green' : 'red'} variant="light">
                          {t(record.status === 'SENT' ? 'email.history.sent' : 'email.history.failed')}
                        </Badge>
                        {/* the reason from its code, in the language on screen: the list need not be fetched again on a switch */}
                        {record.errorCode && <Text size="xs">{t(`email.failure.${record.errorCode}`)}</Text>}
                        {record.serverResponse && record.status === 'FAILED' && (
                          <Text size="xs" c="dimmed">
                            {t('email.settings.serverSaid', { response: record.serverResponse })}
                          </Text>
                        )}
                        {record.messageId && (
                          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                            {t('email.history.messageId', { id: record.messageId })}
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td ta="right">
                      {record.status === 'FAILED' && (
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconRefresh size={14} />}
                          loading={retrying === record.id}
                          disabled={retrying !== null && retrying !== record.id}
                          aria-label={t('email.history.retryAria', { when })}
                          onClick={() => void retry(record)}
                        >
                          {t('email.history.retry')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Paper>
  );
}

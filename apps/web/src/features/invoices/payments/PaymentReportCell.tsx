import { Button, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  type Language,
  type Payment,
  type PaymentReportState,
  formatDate,
  formatDateTime,
  todayInZagreb,
} from '@faktura/shared';

/** Why an attempt failed, in words, for the codes Faktura gives itself (the service's own carry their text). */
const EXPLAINED = ['NETWORK', 'TIMEOUT', 'TLS', 'HTTP', 'ANSWER', 'einvoiceOperatorOib'] as const;

/** A moment in Croatian time, as every screen writes one: "27. 11. 2026. 14:05" / "27 Nov 2026, 14:05". */
const moment = (iso: string, language: Language) => formatDateTime(iso, language);

/** Whether a payment's report may be sent again now (it waits, or was refused). */
export const mayReportAgain = (report: PaymentReportState | null): boolean =>
  report !== null && (report.status === 'PENDING' || report.status === 'FAILED');

/**
 * Where a payment's report to the Tax Administration stands (decision 030), beside the payment:
 * reported on a day (with the service's request id), waiting with its deadline (and why the last
 * attempt failed), or refused with the service's code and text and what to do; a waiting or
 * refused one offers "Report again". A payment Faktura does not report says only whether it was.
 */
export function PaymentReportCell({
  payment,
  language,
  againLabel,
  sending,
  onAgain,
}: {
  payment: Payment;
  language: Language;
  /** The action's accessible name, naming the payment. */
  againLabel: string;
  sending: boolean;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const report = payment.report;
  if (!report) return <>{t(payment.reported ? 'payments.reportedYes' : 'payments.reportedNo')}</>;
  const deadline = formatDate(report.deadline, language);
  const reason = (code: string, text: string | null) =>
    (EXPLAINED as readonly string[]).includes(code)
      ? t(`fiscalization.status.errors.${code as (typeof EXPLAINED)[number]}`)
      : (text ?? '');
  const late = report.status !== 'REPORTED' && todayInZagreb() > report.deadline;
  if (report.status === 'REPORTED') {
    return (
      <Stack gap={2}>
        <Text size="sm" c="green.8">
          {t('payments.report.reported', {
            date: report.at ? formatDate(todayInZagreb(new Date(report.at)), language) : '',
          })}
        </Text>
        {report.requestId && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {t('payments.report.requestId', { requestId: report.requestId })}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={4} align="flex-start">
      {report.status === 'FAILED' ? (
        <>
          <Text size="sm" c="red.8" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t('payments.report.failed', {
              code: report.error?.code ?? '',
              text: reason(report.error?.code ?? '', report.error?.text ?? null),
            })}
          </Text>
          <Text size="xs">{t('payments.report.failedWhatToDo')}</Text>
        </>
      ) : (
        <>
          <Text size="sm" c="yellow.9">
            {report.nextAttemptAt
              ? t('payments.report.pendingNext', { deadline, when: moment(report.nextAttemptAt, language) })
              : t('payments.report.pending', { deadline })}
          </Text>
          {report.error && (
            <Text size="xs" c="dimmed">
              {t('payments.report.pendingWhy', {
                reason: `${report.error.code} ${reason(report.error.code, report.error.text)}`.trim(),
              })}
            </Text>
          )}
        </>
      )}
      {late && (
        <Text size="xs" c="red.8">
          {t('payments.report.late', { deadline })}
        </Text>
      )}
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconSend size={14} aria-hidden />}
        loading={sending}
        aria-label={againLabel}
        onClick={onAgain}
      >
        {t('payments.report.again')}
      </Button>
    </Stack>
  );
}

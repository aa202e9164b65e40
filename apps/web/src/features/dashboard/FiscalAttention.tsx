import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Dashboard, formatDate } from '@faktura/shared';
import { currentLanguage } from '../../lib/i18n';

/**
 * What needs the user about fiscalization (decision 030), above the year's totals: documents the Tax
 * Administration refused, documents not fiscalized within the legal deadline (each with a link to
 * the list filtered to them), payment reports refused; in yellow, documents waiting for a later
 * delivery after an outage and until when (decision 031). Nothing while all is well.
 */
export function FiscalAttention({ fiscalization }: { fiscalization: Dashboard['fiscalization'] }) {
  const { t } = useTranslation();
  const { failed, late, waiting, waitingUntil, paymentReportsFailed } = fiscalization;
  const show = (status: 'FAILED' | 'PENDING') => (
    <Anchor component={Link} to={`/Invoices?fiscalStatus=${status}`} fw={600} inherit>
      {t('dashboard.fiscal.show')}
    </Anchor>
  );
  const waitingNotice =
    waiting > 0 && waitingUntil ? (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconClockHour4 />}
        title={t('dashboard.fiscal.waitingTitle')}
      >
        <Text size="sm">
          {t('dashboard.fiscal.waiting', {
            count: waiting,
            deadline: formatDate(waitingUntil, currentLanguage()),
          })}{' '}
          {show('PENDING')}
        </Text>
      </Alert>
    ) : null;
  if (failed === 0 && late === 0 && paymentReportsFailed === 0) return waitingNotice;
  return (
    <Stack gap="sm">
      <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={t('dashboard.fiscal.title')}>
        <Stack gap={4}>
          {failed > 0 && (
            <Text size="sm">
              {t('dashboard.fiscal.failed', { count: failed })} {show('FAILED')}
            </Text>
          )}
          {late > 0 && (
            <Text size="sm">
              {t('dashboard.fiscal.late', { count: late })} {show('PENDING')}
            </Text>
          )}
          {paymentReportsFailed > 0 && (
            <Text size="sm">
              {t('dashboard.fiscal.paymentReportsFailed', { count: paymentReportsFailed })}
            </Text>
          )}
        </Stack>
      </Alert>
      {waitingNotice}
    </Stack>
  );
}

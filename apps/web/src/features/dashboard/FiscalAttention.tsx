import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Dashboard } from '@faktura/shared';

/**
 * What needs the user about fiscalization (decision 030), above the year's totals: documents the Tax
 * Administration refused, documents not fiscalized within the legal deadline (each with a link to
 * the list filtered to them), payment reports refused. Nothing while all is well.
 */
export function FiscalAttention({ fiscalization }: { fiscalization: Dashboard['fiscalization'] }) {
  const { t } = useTranslation();
  const { failed, late, paymentReportsFailed } = fiscalization;
  if (failed === 0 && late === 0 && paymentReportsFailed === 0) return null;
  const show = (status: 'FAILED' | 'PENDING') => (
    <Anchor component={Link} to={`/Invoices?fiscalStatus=${status}`} fw={600} inherit>
      {t('dashboard.fiscal.show')}
    </Anchor>
  );
  return (
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
        {paymentReportsFailed > 0 && <Text size="sm">{t('dashboard.fiscal.paymentReportsFailed', { count: paymentReportsFailed })}</Text>}
      </Stack>
    </Alert>
  );
}

import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Dashboard } from '@faktura/shared';

/**
 * What needs the user about e-invoice delivery (issue 32), beside the fiscalization notice and done
 * the same way: e-invoices the buyer's side rejected (the way forward: a credit note and a new
 * invoice), those whose fiscalization the intermediary reports failed (the same way forward) and
 * those the intermediary did not accept, each with a link to the list filtered to them.
 * Nothing while all is well.
 */
export function DeliveryAttention({ delivery }: { delivery: Dashboard['delivery'] }) {
  const { t } = useTranslation();
  const { rejected, failed, notFiscalized } = delivery;
  // issue 47: rejected by the buyer (the process status), not yet stornoed
  const buyerRejected = delivery.buyerRejected ?? 0;
  if (rejected === 0 && failed === 0 && notFiscalized === 0 && buyerRejected === 0) return null;
  const show = (status: 'REJECTED' | 'FAILED' | 'NOT_FISCALIZED' | 'BUYER_REJECTED') => (
    <Anchor component={Link} to={`/Invoices?delivery=${status}`} fw={600} inherit>
      {t('dashboard.delivery.show')}
    </Anchor>
  );
  return (
    <Alert color="red" variant="light" icon={<IconMailExclamation />} title={t('dashboard.delivery.title')}>
      <Stack gap={4}>
        {rejected > 0 && (
          <Text size="sm">
            {t('dashboard.delivery.rejected', { count: rejected })} {show('REJECTED')}
          </Text>
        )}
        {buyerRejected > 0 && (
          <Text size="sm">
            {t('dashboard.delivery.buyerRejected', { count: buyerRejected })} {show('BUYER_REJECTED')}
          </Text>
        )}
        {notFiscalized > 0 && (
          <Text size="sm">
            {t('dashboard.delivery.notFiscalized', { count: notFiscalized })} {show('NOT_FISCALIZED')}
          </Text>
        )}
        {failed > 0 && (
          <Text size="sm">
            {t('dashboard.delivery.failed', { count: failed })} {show('FAILED')}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { endpoints, formatDate } from '@faktura/shared';
import { useApi } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';

/**
 * Received e-invoices the user must fiscalize as received within five working days (issue 46): red
 * for deadlines passed and refusals, yellow for deadlines within two working days, each with a link
 * to the inbox filtered to them; and fetching from the intermediary that fails (a scheduled round says
 * why here). Nothing while all is well (or while the inbox cannot be read: the
 * rest of the dashboard does not wait for it).
 */
export function InboxAttention() {
  const { t } = useTranslation();
  const { data } = useApi(endpoints.inbox.attention);
  if (!data) return null;
  const { late, dueSoon, nextDeadline, refused, fetch, rejectionsToReport, rejectionsDeadline } = data;
  const fetchProblem = fetch?.problem ?? null;
  const show = (status: 'FAILED' | 'PENDING') => (
    <Anchor component={Link} to={`/Inbox?fiscalStatus=${status}`} fw={600} inherit>
      {t('dashboard.inbox.show')}
    </Anchor>
  );
  const urgent = late > 0 || refused > 0;
  const toReport = rejectionsToReport > 0 && rejectionsDeadline !== null;
  if (!urgent && dueSoon === 0 && !fetchProblem && !toReport) return null;
  return (
    <Alert color={urgent || fetchProblem ? 'red' : 'yellow'} variant="light" icon={urgent ? <IconAlertTriangle /> : <IconInbox />} title={t('dashboard.inbox.title')}>
      <Stack gap={4}>
        {late > 0 && (
          <Text size="sm">
            {t('dashboard.inbox.late', { count: late })} {show('PENDING')}
          </Text>
        )}
        {dueSoon > 0 && nextDeadline && (
          <Text size="sm">
            {t('dashboard.inbox.dueSoon', { count: dueSoon, deadline: formatDate(nextDeadline, currentLanguage()) })} {late === 0 && show('PENDING')}
          </Text>
        )}
        {fetchProblem && (
          <Text size="sm">
            {t('dashboard.inbox.fetchFailing', { problem: fetchProblem })}{' '}
            <Anchor component={Link} to="/Inbox" fw={600} inherit>
              {t('dashboard.inbox.openInbox')}
            </Anchor>
          </Text>
        )}
        {toReport && (
          <Text size="sm">
            {t('dashboard.inbox.toReport', { count: rejectionsToReport, deadline: formatDate(rejectionsDeadline, currentLanguage()) })}{' '}
            <Anchor component={Link} to="/Inbox?state=REJECTED" fw={600} inherit>
              {t('dashboard.inbox.show')}
            </Anchor>
          </Text>
        )}
        {refused > 0 && (
          <Text size="sm">
            {t('dashboard.inbox.refused', { count: refused })} {show('FAILED')}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

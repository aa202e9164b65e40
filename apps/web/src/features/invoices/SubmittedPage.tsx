import { useState } from 'react';
import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconConfetti } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { InvoiceListRow } from '@faktura/shared';
import { ListState } from '../../components/ListState';
import { PageTitle } from '../../components/PageTitle';
import { useInvoiceList } from './api';
import { RecordPaymentModal } from './payments/RecordPaymentModal';
import { SubmittedTable } from './submitted/SubmittedTable';
import { SendEmailDialog, type SendEmailTarget } from '../email';

/** The API's largest page: all issued, unpaid invoices of every year on one screen. */
const PAGE_SIZE = 200;

/** Overdue first, as they need chasing; then by due date, soonest first. */
function byUrgency(a: InvoiceListRow, b: InvoiceListRow): number {
  if (a.overdue !== b.overdue) return a.overdue ? -1 : 1;
  return a.paymentDueDate.localeCompare(b.paymentDueDate) || b.id - a.id;
}

/** Issued invoices not yet paid in full, each with Record payment (route /Dashboard/Submitted). */
export function SubmittedPage() {
  const { t } = useTranslation();
  const list = useInvoiceList({ state: 'PUBLISHED', pageSize: PAGE_SIZE });
  const { data, mutate } = list;
  // api.ts leaves SWR's error untyped (any); as unknown it must be checked before use.
  const error: unknown = list.error;
  const [clearing, setClearing] = useState<InvoiceListRow | null>(null);
  const [reminder, setReminder] = useState<SendEmailTarget | null>(null);
  const [clearOpened, clearDialog] = useDisclosure(false);
  const rows = data ? [...data.data].sort(byUrgency) : undefined;

  // After a payment: paid in full, the invoice leaves this list; paid in part, it stays with its badge.
  const reread = () => void mutate();

  return (
    <>
      <PageTitle>{t('dashboard.submitted.title')}</PageTitle>
      {rows?.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="xs">
            <ThemeIcon size={48} radius="xl" variant="light" color="green" aria-hidden>
              <IconConfetti size={28} />
            </ThemeIcon>
            <Text fw={600} size="lg">
              {t('dashboard.submitted.empty')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <ListState data={rows} error={error} empty="" onRetry={() => void mutate()}>
          {(shown) => (
            <Stack gap="sm">
              <SubmittedTable
                rows={shown}
                onClear={(row) => {
                  setClearing(row);
                  clearDialog.open();
                }}
                onRemind={(row) =>
                  setReminder({ invoiceId: row.id, number: row.invoiceNumber ?? '', kind: 'reminder' })
                }
              />
              {data && data.page.total > shown.length && (
                <Text size="sm" c="dimmed">
                  {t('dashboard.submitted.truncated', { shown: shown.length, total: data.page.total })}
                </Text>
              )}
            </Stack>
          )}
        </ListState>
      )}
      {clearing && (
        <RecordPaymentModal
          key={clearing.id}
          // what the dialog needs of the invoice, as the list row says it (decision 027)
          invoice={{
            id: clearing.id,
            invoiceNumber: clearing.invoiceNumber,
            client: clearing.client,
            currencyCode: clearing.currencyCode,
            billingDate: clearing.invoiceDate,
            remainingCents: clearing.dueCents,
            paidCents: clearing.paidCents,
          }}
          opened={clearOpened}
          onClose={clearDialog.close}
          onRecorded={reread}
        />
      )}
      <SendEmailDialog target={reminder} onClose={() => setReminder(null)} />
    </>
  );
}

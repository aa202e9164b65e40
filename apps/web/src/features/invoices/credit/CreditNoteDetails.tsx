import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Invoice } from '@faktura/shared';
import { ReadOnlyDocument } from '../form/ReadOnlyDocument';
import { currentLanguage } from '../../../lib/i18n';
import { formatDay } from '../list/format';

/**
 * A credit note's page: read-only, since an issued credit note never changes (the server refuses
 * updates). Its title, the invoice it corrects (linked), the reason, its lines with negative amounts.
 */
export function CreditNoteDetails({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const original = invoice.creditedInvoice;
  return (
    <Stack>
      <Alert color="blue" variant="light" icon={<IconLock size={18} />}>
        {t('creditNote.readOnly')}
      </Alert>
      <Paper withBorder p="md" component="section" aria-labelledby="credit-note-title">
        <Title order={2} size="h3" id="credit-note-title">
          {t('creditNote.pageTitle', { number: invoice.invoiceNumber ?? '' })}
        </Title>
        {original && (
          <Text size="sm" mt={4}>
            {/* The number links to the invoice this note corrects. */}
            <Trans
              i18nKey="creditNote.forInvoice"
              values={{
                number: original.number ?? String(original.id),
                date: formatDay(original.billingDate, language),
              }}
              components={{ invoice: <Anchor component={Link} to={`/Invoices/${original.id}`} inherit /> }}
            />
          </Text>
        )}
        {invoice.creditReason && (
          <Stack gap={0} mt="md" component="dl" m={0}>
            <Text component="dt" size="sm" c="dimmed">
              {t('creditNote.reasonLabel')}
            </Text>
            <Text component="dd" m={0} style={{ whiteSpace: 'pre-line' }}>
              {invoice.creditReason}
            </Text>
          </Stack>
        )}
      </Paper>
      <ReadOnlyDocument invoice={invoice} />
    </Stack>
  );
}

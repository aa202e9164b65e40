import { useState } from 'react';
import { Alert, Anchor, Badge, Group, Text } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { todayInZagreb } from '@faktura/shared';
import { PageTitle } from '../../components/PageTitle';
import { ApiRequestError } from '../../lib/apiError';
import { useInvoice } from './api';
import { DraftInvoice } from './form/DraftInvoice';
import { LockedInvoice } from './form/LockedInvoice';
import { PageLoad } from './form/PageLoad';
import { CreditNoteDetails } from './credit/CreditNoteDetails';
import { CreditNoteLabel, CreditStatusBadge, PartlyPaidBadge } from './list/cells';
import { formatDay } from './list/format';
import { currentLanguage } from '../../lib/i18n';
import { PaymentsSection } from './payments/PaymentsSection';
import { EmailHistory } from '../email';
import { InvoiceActions } from './form/InvoiceActions';
import { BuyerRejectionSection, DeliverySection } from '../delivery';
import { AdvanceLabel, AdvancesSection } from '../advances';
import { FiscalizationOffWarning, FiscalizationSection } from '../fiscalization';
import { InvoiceStateBadge } from './InvoiceStateBadge';
import { HistorySection } from './history/HistorySection';

/** A positive whole number, or null for anything else in the address ("abc", "0", "1.5"). */
function parseId(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** Editing one invoice (route /Invoices/:invoiceId): a draft fully, an issued one only where allowed. */
export function EditInvoicePage() {
  const { t } = useTranslation();
  const id = parseId(useParams().invoiceId);
  const query = useInvoice(id);
  // SWR types errors as any; what a fetch throws is only known to be unknown.
  const error: unknown = query.error;
  const [today] = useState(() => todayInZagreb());
  const missing = id === null || (error instanceof ApiRequestError && error.status === 404);

  return (
    <>
      <PageTitle>{t(query.data?.documentType === 'CREDIT_NOTE' ? 'pages.creditNote' : 'pages.editInvoice')}</PageTitle>
      {missing ? (
        <InvoiceNotFound />
      ) : (
        <PageLoad data={query.data} error={error} onRetry={() => void query.mutate()}>
          {(invoice) => (
            <>
              <Group justify="space-between" mb="md">
                <Group gap="sm">
                  <InvoiceStateBadge state={invoice.state} creditSettled={invoice.creditSettled} />
                  {!invoice.creditSettled && <CreditStatusBadge status={invoice.creditStatus} />}
                  <PartlyPaidBadge invoice={{ ...invoice, dueCents: invoice.remainingCents }} />
                  {invoice.invoiceNumber && (
                    <Text fw={600} size="lg">
                      {invoice.invoiceNumber}
                    </Text>
                  )}
                  {invoice.documentType === 'CREDIT_NOTE' && <CreditNoteLabel />}
                  {invoice.documentType === 'ADVANCE' && <AdvanceLabel />}
                  {invoice.eInvoice && (
                    <Badge color="teal" variant="dot" title={t('creditNote.eInvoiceHint')}>
                      {t('creditNote.eInvoice')}
                    </Badge>
                  )}
                  {/* settled by a credit note is not paid: the badge says "Stornirano" instead */}
                  {invoice.paymentDate && !invoice.creditSettled && (
                    <Text c="dimmed" size="sm">
                      {t('invoiceForm.paidOn', { date: formatDay(invoice.paymentDate, currentLanguage()) })}
                    </Text>
                  )}
                </Group>
                <InvoiceActions invoice={invoice} today={today} onChanged={() => void query.mutate()} />
              </Group>
              {invoice.documentType === 'CREDIT_NOTE' ? (
                <CreditNoteDetails key={invoice.id} invoice={invoice} />
              ) : invoice.locked ? (
                <LockedInvoice key={invoice.id} invoice={invoice} />
              ) : (
                <>
                  <FiscalizationOffWarning />
                  <DraftInvoice key={invoice.id} invoice={invoice} today={today} />
                </>
              )}
              {invoice.state !== 'DRAFT' && <AdvancesSection invoice={invoice} />}
              {invoice.state !== 'DRAFT' && invoice.documentType !== 'CREDIT_NOTE' && (
                <PaymentsSection key={`payments-${invoice.id}`} invoice={invoice} today={today} />
              )}
              {invoice.state !== 'DRAFT' && <BuyerRejectionSection invoice={invoice} onChanged={() => void query.mutate()} />}
              {invoice.state !== 'DRAFT' && <DeliverySection key={`delivery-${invoice.id}`} invoice={invoice} onChanged={() => void query.mutate()} />}
              {invoice.state !== 'DRAFT' && <FiscalizationSection key={`fiscal-${invoice.id}`} invoiceId={invoice.id} />}
              {invoice.state !== 'DRAFT' && <HistorySection key={`history-${invoice.id}`} invoice={invoice} />}
              {invoice.state !== 'DRAFT' && <EmailHistory invoiceId={invoice.id} documentType={invoice.documentType} />}
            </>
          )}
        </PageLoad>
      )}
    </>
  );
}

function InvoiceNotFound() {
  const { t } = useTranslation();
  return (
    <Alert color="gray" variant="light" icon={<IconFileOff size={18} />} title={t('invoiceForm.notFound')}>
      <Anchor component={Link} to="/Invoices" size="sm">
        {t('invoiceForm.backToList')}
      </Anchor>
    </Alert>
  );
}

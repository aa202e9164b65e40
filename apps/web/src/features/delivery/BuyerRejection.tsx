import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconUserX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type Invoice, formatDateTime } from '@faktura/shared';
import { currentLanguage } from '../../lib/i18n';
import { notifyApiError, notifySuccess } from '../../lib/notify';
import { reissueInvoice } from './api';

/** "Kupac odbio" / "Rejected by the buyer" (issue 47), wherever a document's state is shown. */
export function BuyerRejectedBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="red" variant="light" leftSection={<IconUserX size={12} />}>
      {t('delivery.buyer.badge')}
    </Badge>
  );
}

/**
 * The buyer's rejection of an issued e-invoice (issue 47): when, the reason type in words and the
 * buyer's text, with "Storno and re-issue" while the invoice is not credited yet. Confirming issues
 * the storno and opens New invoice repeating this one (`?from=&reissue=`); the user issues it. The
 * re-issue links (re-issued as, re-issues) show on either invoice.
 */
export function BuyerRejectionSection({ invoice, onChanged }: { invoice: Invoice; onChanged: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const rejection = invoice.buyerRejection;
  const links = (
    <>
      {invoice.reissueOf && (
        <Text size="sm">
          {t('delivery.buyer.reissueOf')}{' '}
          <Anchor component={Link} to={`/Invoices/${invoice.reissueOf.id}`}>{invoice.reissueOf.number}</Anchor>
        </Text>
      )}
      {invoice.reissuedBy.length > 0 && (
        <Text size="sm">
          {t('delivery.buyer.reissuedBy')}{' '}
          {invoice.reissuedBy.map((r, i) => (
            <span key={r.id}>
              {i > 0 && ', '}
              <Anchor component={Link} to={`/Invoices/${r.id}`}>{r.number ?? '—'}</Anchor>
            </span>
          ))}
        </Text>
      )}
    </>
  );
  if (!rejection) return invoice.reissueOf || invoice.reissuedBy.length > 0 ? <Stack gap={4} mt="lg">{links}</Stack> : null;
  const offered = invoice.documentType === 'INVOICE' && invoice.state !== 'DRAFT' && invoice.creditStatus === null && invoice.reissuedBy.length === 0;
  const number = invoice.invoiceNumber ?? '';

  async function confirm() {
    setBusy(true);
    try {
      const result = await reissueInvoice(invoice.id);
      notifySuccess(t('delivery.buyer.done', { number: result.creditNote.number ?? '' }));
      setAsking(false);
      onChanged();
      void navigate(`/Invoices/NewInvoice?from=${invoice.id}&reissue=${invoice.id}`);
    } catch (error) {
      notifyApiError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Alert color="red" variant="light" mt="lg" icon={<IconUserX />} title={t('delivery.buyer.title')} role="region" aria-label={t('delivery.buyer.title')}>
      <Stack gap={6}>
        <Group gap="xs">
          <BuyerRejectedBadge />
          <Text size="sm">{t('delivery.buyer.at', { date: formatDateTime(rejection.at, currentLanguage()) })}</Text>
        </Group>
        <Text size="sm">
          <b>{t('delivery.buyer.type')}:</b> {t(`delivery.buyer.types.${rejection.type ?? 'unknown'}`)}
        </Text>
        <Text size="sm">
          <b>{t('delivery.buyer.reason')}:</b> {rejection.reason ?? t('delivery.buyer.noReason')}
        </Text>
        {offered && <Text size="sm">{t('delivery.buyer.wayForward')}</Text>}
        {links}
        {offered && (
          <Group>
            <Button color="red" leftSection={<IconArrowBackUp size={16} />} onClick={() => setAsking(true)}>
              {t('delivery.buyer.reissue')}
            </Button>
          </Group>
        )}
      </Stack>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('delivery.buyer.confirmTitle', { number })}>
        <Stack>
          <Text size="sm">{t('delivery.buyer.confirmText', { number })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)} disabled={busy}>
              {t('delivery.buyer.cancel')}
            </Button>
            <Button color="red" onClick={() => void confirm()} loading={busy}>
              {t('delivery.buyer.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Alert>
  );
}

import { useState } from 'react';
import { Button, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Quote } from '@faktura/shared';
import { ActionBar } from '../../components/ActionBar';
import { notifyApiError, notifyFailure, notifySuccess } from '../../lib/notify';
import { useClients } from '../clients';
import { quoteApi } from './api';

/** The addresses as typed: split at commas, semicolons and spaces. */
export const recipientsOf = (text: string) => text.split(/[\s,;]+/).map((part) => part.trim()).filter(Boolean);

/**
 * Sends the quote with its PDF (the invoices' server and sender): to the client's address unless
 * changed; an empty subject or message takes the quote's own text in the client's language.
 */
export function SendQuoteModal({ quote, onClose, onSent }: { quote: Quote | null; onClose: () => void; onSent: () => void }) {
  const { t } = useTranslation();
  const { data: clients } = useClients();
  // the client's address until the user types another
  const [typed, setTo] = useState<string | null>(null);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const email = clients?.find((c) => c.id === quote?.clientId)?.email ?? '';
  const to = typed ?? email;

  async function send() {
    if (!quote) return;
    setBusy(true);
    try {
      const result = await quoteApi.send(quote.id, {
        to: recipientsOf(to),
        ...(subject.trim() ? { subject } : {}),
        ...(body.trim() ? { body } : {}),
      });
      if (result.status === 'SENT') {
        notifySuccess(t('quotes.sent', { to: recipientsOf(to).join(', ') }));
        onSent();
        setTo(null);
        onClose();
      } else {
        notifyFailure(t('quotes.sendFailed', { reason: '' }), result.reason ?? '');
      }
    } catch (failure) {
      notifyApiError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={quote !== null} onClose={onClose} title={quote ? t('quotes.sendTitle', { number: quote.number }) : ''}>
      <Stack>
        <TextInput label={t('quotes.to')} value={to} onChange={(event) => setTo(event.currentTarget.value)} required />
        <TextInput label={t('quotes.subject')} value={subject} onChange={(event) => setSubject(event.currentTarget.value)} />
        <Textarea label={t('quotes.body')} value={body} onChange={(event) => setBody(event.currentTarget.value)} autosize minRows={3} />
        <Text size="sm" c="dimmed">
          {quote ? `PONUDA-${quote.number.replace('/', '-')}.pdf` : ''}
        </Text>
        <ActionBar>
          <Button variant="default" onClick={onClose}>
            {t('quotes.cancel')}
          </Button>
          <Button onClick={() => void send()} loading={busy} disabled={recipientsOf(to).length === 0}>
            {t('quotes.sendNow')}
          </Button>
        </ActionBar>
      </Stack>
    </Modal>
  );
}

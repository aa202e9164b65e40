import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Modal, NumberInput, Paper, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { IconFileTypePdf, IconMail } from '@tabler/icons-react';
import { Controller, FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { type Quote, type VatTreatment, defaultVatTreatment, endpoints, todayInZagreb } from '@faktura/shared';
import { ActionBar } from '../../components/ActionBar';
import { PageHeader } from '../../components/PageHeader';
import { placeServerErrors } from '../../components/forms/serverErrors';
import { useErrorText } from '../../components/forms/useErrorText';
import { zodI18nResolver } from '../../components/forms/zodI18nResolver';
import { keysOf, useApi } from '../../lib/api';
import { errorReason } from '../../lib/apiError';
import { currentLanguage } from '../../lib/i18n';
import { notifyApiError, notifyFailure, notifySuccess } from '../../lib/notify';
import { useClients } from '../clients';
import { DateField, formTotals, formatAmount, formatDay, invoiceCurrency, LineItemsSection, TotalsTable } from '../invoices';
import { saveBlob } from '../print';
import { quoteApi, useQuote } from './api';
import { QuoteStatusBadge } from './QuoteListPage';
import { type QuoteFormOutput, type QuoteFormValues, newQuoteValues, quoteFormSchema, quoteValues } from './quoteFormModel';
import { SendQuoteModal } from './SendQuoteModal';

/** The quote's page: /Quotes/New, or /Quotes/:quoteId (a draft in its form, any other read-only), with its actions. */
export function QuotePage() {
  const { quoteId } = useParams();
  const id = quoteId && /^\d+$/.test(quoteId) ? Number(quoteId) : null;
  const { t } = useTranslation();
  const { data: quote, error, mutate } = useQuote(id);
  const issuer = useApi(endpoints.settings.issuer);
  const today = todayInZagreb();

  if (id === null) {
    return (
      <Stack>
        <PageHeader title={t('quotes.newTitle')} />
        {issuer.data && <QuoteForm initial={newQuoteValues(today, issuer.data.inVatSystem ? 'DOMESTIC' : 'NOT_IN_VAT')} inVatSystem={issuer.data.inVatSystem} />}
      </Stack>
    );
  }
  if (error && !quote) {
    return (
      <Alert color="red" role="alert" title={t('quotes.loadFailed')}>
        {errorReason(error)}
      </Alert>
    );
  }
  if (!quote || !issuer.data) return null;
  return (
    <Stack>
      <PageHeader title={t('quotes.editTitle', { number: quote.number })} action={<QuoteStatusBadge status={quote.status} />} />
      {quote.invoice && (
        <Text>
          <Anchor component={Link} to={`/Invoices/${quote.invoice.id}`}>
            {t('quotes.invoiceLink', { number: quote.invoice.number ?? t('quotes.invoiceDraft') })}
          </Anchor>
        </Text>
      )}
      {quote.editable ? (
        <QuoteForm key={quote.updatedAt} quote={quote} initial={quoteValues(quote)} inVatSystem={issuer.data.inVatSystem} onSaved={() => void mutate()} />
      ) : (
        <QuoteSummary quote={quote} />
      )}
      <QuoteActions quote={quote} onChanged={() => void mutate()} />
    </Stack>
  );
}

function section(id: string, title: string, children: ReactNode) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The new quote's and a draft's form: the invoice form's line editor and totals, the quote's own dates. */
function QuoteForm({ quote, initial, inVatSystem, onSaved }: { quote?: Quote; initial: QuoteFormValues; inVatSystem: boolean; onSaved?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const methods = useForm<QuoteFormValues, unknown, QuoteFormOutput>({
    defaultValues: initial,
    resolver: zodI18nResolver<QuoteFormValues, QuoteFormOutput>(quoteFormSchema),
  });
  const { data: clients } = useClients();
  const clientId = useWatch({ control: methods.control, name: 'clientId' });
  const lines = useWatch({ control: methods.control, name: 'lineItems' });
  const treatment = useWatch({ control: methods.control, name: 'vatTreatment' });
  const [busy, setBusy] = useState(false);

  // the client decides the VAT treatment, as on an invoice
  useEffect(() => {
    const client = clients?.find((c) => c.id === clientId);
    if (!client) return;
    const next: VatTreatment = defaultVatTreatment({
      issuerInVatSystem: inVatSystem,
      clientCountry: client.address.countryCode,
      clientVatNumber: client.kind === 'CONSUMER' ? null : client.pin,
    });
    if (methods.getValues('vatTreatment') !== next) methods.setValue('vatTreatment', next);
  }, [clientId, clients, inVatSystem, methods]);

  const save = methods.handleSubmit(async (values) => {
    setBusy(true);
    try {
      const saved = quote ? await quoteApi.update(quote.id, values) : await quoteApi.create(values);
      notifySuccess(t('quotes.saved', { number: saved.number }));
      await mutate(keysOf(endpoints.quote.list));
      if (quote) onSaved?.();
      else await navigate(`/Quotes/${saved.id}`);
    } catch (failure) {
      const leftover = placeServerErrors(failure, methods.setError, (field) => field as FieldPath<QuoteFormValues>);
      if (leftover.length > 0) notifyFailure(t('invoiceForm.saveFailed'), leftover);
    } finally {
      setBusy(false);
    }
  });

  const totals = formTotals(lines, treatment);
  const { text } = useErrorText();
  const error = (name: 'clientId' | 'quoteDate' | 'validUntil' | 'paymentDueDays' | 'note') => text(methods.formState.errors[name]);

  return (
    <FormProvider {...methods}>
      <Stack role="form" aria-label={t('quotes.newTitle')}>
        {section(
          'quote-client',
          t('quotes.fields.client'),
          <Stack>
            <Controller
              control={methods.control}
              name="clientId"
              render={({ field }) => (
                <Select
                  label={t('quotes.fields.client')}
                  searchable
                  data={(clients ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                  value={field.value === null ? null : String(field.value)}
                  onChange={(value) => field.onChange(value ? Number(value) : null)}
                  error={error('clientId')}
                />
              )}
            />
            <Group grow wrap="wrap" align="flex-start">
              {(['quoteDate', 'validUntil'] as const).map((name) => (
                <Controller
                  key={name}
                  control={methods.control}
                  name={name}
                  render={({ field }) => (
                    <DateField label={t(`quotes.fields.${name}`)} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={error(name)} />
                  )}
                />
              ))}
              <Controller
                control={methods.control}
                name="paymentDueDays"
                render={({ field }) => (
                  <NumberInput
                    label={t('quotes.fields.paymentDueDays')}
                    min={0}
                    max={365}
                    allowDecimal={false}
                    value={field.value}
                    onChange={(value) => field.onChange(typeof value === 'number' ? value : 0)}
                    error={error('paymentDueDays')}
                    miw={160}
                  />
                )}
              />
            </Group>
            <Textarea label={t('quotes.fields.note')} autosize minRows={2} {...methods.register('note')} error={error('note')} />
          </Stack>,
        )}
        {section(
          'quote-lines',
          t('invoiceForm.sections.lines'),
          <Stack>
            <LineItemsSection />
            <TotalsTable totals={totals} currency={invoiceCurrency(lines)} treatment={treatment} />
          </Stack>,
        )}
        <ActionBar>
          <Button onClick={() => void save()} loading={busy}>
            {t('quotes.save')}
          </Button>
        </ActionBar>
      </Stack>
    </FormProvider>
  );
}

/** A quote that is no longer a draft, as it was sent. */
function QuoteSummary({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Text>
          <b>{t('quotes.fields.client')}:</b> {quote.client}
        </Text>
        <Text>
          <b>{t('quotes.fields.quoteDate')}:</b> {formatDay(quote.quoteDate, language)}
        </Text>
        <Text>
          <b>{t('quotes.fields.validUntil')}:</b> {formatDay(quote.validUntil, language)}
        </Text>
        <Table aria-label={t('invoiceForm.sections.lines')}>
          <Table.Tbody>
            {quote.lineItems.map((line, index) => (
              <Table.Tr key={index}>
                <Table.Td>{language === 'en' && line.descriptionEn ? line.descriptionEn : line.description}</Table.Td>
                <Table.Td ta="right">{line.quantity}</Table.Td>
                <Table.Td ta="right">{formatAmount({ totalCents: line.lineTotalCents, currencyCode: line.currencyCode }, language)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text fw={700} ta="right">
          {t('quotes.totals')}: {formatAmount(quote, language)}
        </Text>
      </Stack>
    </Paper>
  );
}

/** PDF, e-mail, the state changes, Make invoice and Delete: each acts at once. */
function QuoteActions({ quote, onChanged }: { quote: Quote; onChanged: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [confirm, setConfirm] = useState<'again' | 'delete' | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => () => void (pdfUrl && URL.revokeObjectURL(pdfUrl)), [pdfUrl]);

  async function act(key: string, work: () => Promise<void>) {
    setBusy(key);
    try {
      await work();
      await mutate(keysOf(endpoints.quote.list));
    } catch (failure) {
      notifyApiError(failure);
    } finally {
      setBusy(null);
    }
  }
  const mark = (state: 'SENT' | 'ACCEPTED' | 'DECLINED') =>
    act(state, async () => {
      const changed = await quoteApi.mark(quote.id, state);
      notifySuccess(t('quotes.stateChanged', { number: quote.number, status: t(`quotes.status.${changed.status}`) }));
      onChanged();
    });
  const makeInvoice = (again: boolean) =>
    act('convert', async () => {
      setConfirm(null);
      const made = await quoteApi.convert(quote.id, again);
      notifySuccess(t('quotes.madeInvoice'));
      await navigate(`/Invoices/${made.invoiceId}`);
    });
  const remove = () =>
    act('delete', async () => {
      setConfirm(null);
      await quoteApi.remove(quote.id);
      notifySuccess(t('quotes.deleted', { number: quote.number }));
      await navigate('/Quotes');
    });
  const preview = () =>
    act('pdf', async () => {
      const file = await quoteApi.pdf(quote.id, currentLanguage());
      setPdfUrl(URL.createObjectURL(file.blob));
    });
  const downloadPdf = () =>
    act('download', async () => {
      const file = await quoteApi.pdf(quote.id, currentLanguage());
      saveBlob(file.blob, file.filename);
    });
  const open = quote.state === 'DRAFT' || quote.state === 'SENT';

  return (
    <>
      <Group gap="sm" wrap="wrap">
        <Button variant="default" leftSection={<IconFileTypePdf size={18} />} onClick={() => void preview()} loading={busy === 'pdf'}>
          {t('quotes.preview')}
        </Button>
        <Button variant="default" onClick={() => void downloadPdf()} loading={busy === 'download'}>
          {t('quotes.pdf')}
        </Button>
        <Button variant="default" leftSection={<IconMail size={18} />} onClick={() => setSending(true)}>
          {t('quotes.send')}
        </Button>
        {quote.state === 'DRAFT' && (
          <Button variant="default" onClick={() => void mark('SENT')} loading={busy === 'SENT'}>
            {t('quotes.markSent')}
          </Button>
        )}
        {open && (
          <Button variant="default" color="green" onClick={() => void mark('ACCEPTED')} loading={busy === 'ACCEPTED'}>
            {t('quotes.accept')}
          </Button>
        )}
        {open && (
          <Button variant="default" color="red" onClick={() => void mark('DECLINED')} loading={busy === 'DECLINED'}>
            {t('quotes.decline')}
          </Button>
        )}
        {quote.state !== 'DECLINED' && (
          <Button onClick={() => (quote.invoice ? setConfirm('again') : void makeInvoice(false))} loading={busy === 'convert'}>
            {t('quotes.makeInvoice')}
          </Button>
        )}
        {quote.editable && (
          <Button variant="subtle" color="red" onClick={() => setConfirm('delete')}>
            {t('quotes.delete')}
          </Button>
        )}
      </Group>
      <Modal opened={pdfUrl !== null} onClose={() => setPdfUrl(null)} title={t('quotes.preview')} size="xl">
        {pdfUrl && <iframe title={t('quotes.preview')} src={pdfUrl} style={{ width: '100%', height: '70vh', border: 0 }} />}
      </Modal>
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title={quote.number}>
        <Stack>
          <Text>
            {confirm === 'again'
              ? t('quotes.makeAgain', { number: quote.invoice?.number ?? t('quotes.invoiceDraft') })
              : t('quotes.deleteConfirm', { number: quote.number })}
          </Text>
          <ActionBar>
            <Button variant="default" onClick={() => setConfirm(null)}>
              {t('quotes.cancel')}
            </Button>
            {confirm === 'again' ? (
              <Button onClick={() => void makeInvoice(true)}>{t('quotes.makeInvoice')}</Button>
            ) : (
              <Button color="red" onClick={() => void remove()}>
                {t('quotes.delete')}
              </Button>
            )}
          </ActionBar>
        </Stack>
      </Modal>
      <SendQuoteModal quote={sending ? quote : null} onClose={() => setSending(false)} onSent={onChanged} />
    </>
  );
}

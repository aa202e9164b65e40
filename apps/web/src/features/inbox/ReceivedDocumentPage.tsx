import { type ReactNode, useEffect, useState } from 'react';
import { Alert, Anchor, Button, Code, Group, List, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconDownload, IconPaperclip, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type Language, type ReceivedDocument, type ReceivedParty, formatMoney } from '@faktura/shared';
import { PageTitle } from '../../components/PageTitle';
import { TableScroll } from '../../components/TableScroll';
import { errorReason } from '../../lib/apiError';
import { currentLanguage } from '../../lib/i18n';
import { notifyFailure } from '../../lib/notify';
import { formatDay } from '../invoices';
import { downloadAttachment, downloadPdf, downloadXml, paymentCodeBlob, useReceived } from './api';
import { decimalFor } from './format';
import { ReceivedPayments } from './ReceivedPayments';
import { ReceivedRejection } from './ReceivedRejection';
import { CreditNoteMark, FiscalBadge, FlagBadges, ReceivedStateBadge, ValidationBadge, signedCents } from './cells';
import { ReceivedFiscalSection } from './ReceivedFiscalSection';

/** One received e-invoice or credit note read field by field (route /Inbox/:receivedId), in the reader's language. */
export function ReceivedDocumentPage() {
  const { t } = useTranslation();
  const { receivedId } = useParams();
  const id = /^[1-9]\d{0,9}$/.test(receivedId ?? '') ? Number(receivedId) : null;
  const { data, error, mutate } = useReceived(id);
  const back = (
    <Anchor component={Link} to="/Inbox" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('inbox.detail.back')}
      </Group>
    </Anchor>
  );
  if (id === null || (!data && error))
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" variant="light" role="alert" title={t('inbox.detail.loadFailed')} icon={<IconAlertCircle size={18} />}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{id === null ? t('errors.inboxNotFound') : errorReason(error)}</Text>
            {id !== null && (
              <Button size="xs" variant="light" color="red" onClick={() => void mutate()}>
                {t('recordActions.retry')}
              </Button>
            )}
          </Stack>
        </Alert>
      </Stack>
    );
  if (!data)
    return (
      <Stack gap="md" aria-busy>
        {back}
        <Skeleton height={32} width="40%" />
        <Skeleton height={160} />
        <Skeleton height={240} />
      </Stack>
    );
  return (
    <Stack gap="md">
      {back}
      <Document doc={data} />
      <ReceivedPayments doc={data} onChanged={() => void mutate()} />
      <ReceivedRejection doc={data} onChanged={() => void mutate()} />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** A label and its value, one line each; nothing when there is no value. */
function Field({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" style={{ flex: '0 0 11rem' }}>
        {label}
      </Text>
      <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

function Party({ title, party }: { title: string; party: ReceivedParty }) {
  const { t } = useTranslation();
  const { street, postcode, city, country } = party.address;
  const place = [postcode, city].filter(Boolean).join(' ');
  return (
    <Section title={title}>
      <Stack gap={4}>
        <Text fw={600}>{party.name}</Text>
        {street && <Text size="sm">{street}</Text>}
        {(place || country) && <Text size="sm">{[place, country].filter(Boolean).join(', ')}</Text>}
        <Field label={t('inbox.detail.oib')}>{party.oib}</Field>
        <Field label={t('inbox.detail.vatId')}>{party.vatId}</Field>
        <Field label={t('inbox.detail.endpoint')}>{party.endpoint}</Field>
        <Field label="E-mail">{party.email}</Field>
      </Stack>
    </Section>
  );
}

const money = (cents: number, doc: ReceivedDocument, language: Language) => formatMoney(signedCents(cents, doc), doc.currency, language);


function Document({ doc }: { doc: ReceivedDocument }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const day = (iso: string | null) => (iso ? formatDay(iso, language) : null);
  const save = (action: () => Promise<void>) => {
    action().catch((failure: unknown) => notifyFailure(t('inbox.detail.downloadFailed'), errorReason(failure)));
  };
  const report = doc.validationReport;
  const period = doc.period && (doc.period.start || doc.period.end) ? `${day(doc.period.start) ?? '…'} – ${day(doc.period.end) ?? '…'}` : null;
  const totals: [string, number][] = [
    [t('inbox.detail.totals.lineExtension'), doc.totals.lineExtensionCents],
    ...(doc.totals.allowanceCents ? ([[t('inbox.detail.totals.allowance'), -doc.totals.allowanceCents]] as [string, number][]) : []),
    ...(doc.totals.chargeCents ? ([[t('inbox.detail.totals.charge'), doc.totals.chargeCents]] as [string, number][]) : []),
    [t('inbox.detail.totals.taxExclusive'), doc.totals.taxExclusiveCents],
    [t('inbox.detail.totals.vat'), doc.vatCents],
    [t('inbox.detail.totals.total'), doc.totalCents],
    ...(doc.totals.prepaidCents ? ([[t('inbox.detail.totals.prepaid'), -doc.totals.prepaidCents]] as [string, number][]) : []),
    ...(doc.totals.roundingCents ? ([[t('inbox.detail.totals.rounding'), doc.totals.roundingCents]] as [string, number][]) : []),
    [t('inbox.detail.totals.payable'), doc.payableCents],
  ];
  return (
    <>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <PageTitle>{`${doc.number} · ${doc.supplierName}`}</PageTitle>
          <Group gap={6}>
            {doc.documentType === 'CREDIT_NOTE' && <CreditNoteMark />}
            <ReceivedStateBadge state={doc.state} />
            <FiscalBadge row={doc} />
            <ValidationBadge status={doc.validation} />
            <FlagBadges row={{ ...doc, validation: 'VALID' }} />
          </Group>
        </Stack>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconPrinter size={18} />} onClick={() => save(() => downloadPdf(doc.id, language, `${doc.number}.pdf`))}>
            {t('inbox.print.button')}
          </Button>
          <Button variant="default" leftSection={<IconDownload size={18} />} onClick={() => save(() => downloadXml(doc.id, `${doc.number}.xml`))}>
            {t('inbox.detail.downloadXml')}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Party title={t('inbox.detail.supplier')} party={doc.supplier} />
        <Party title={t('inbox.detail.buyer')} party={doc.buyer} />
      </SimpleGrid>
      <ReceivedFiscalSection id={doc.id} />
      <Section title={t('inbox.detail.dates')}>
        <Stack gap={4}>
          <Field label={t('inbox.detail.issueDate')}>{[day(doc.issueDate), doc.issueTime].filter(Boolean).join(' ')}</Field>
          <Field label={t('inbox.detail.dueDate')}>{day(doc.dueDate)}</Field>
          <Field label={t('inbox.detail.deliveryDate')}>{day(doc.deliveryDate)}</Field>
          <Field label={t('inbox.detail.period')}>{period}</Field>
          <Field label={t('inbox.detail.contact')}>{doc.supplierContact ? [doc.supplierContact.name, doc.supplierContact.id].filter(Boolean).join(' · ') : null}</Field>
        </Stack>
      </Section>
      <Section title={t('inbox.detail.lines')}>
        <TableScroll minWidth={640}>
          <Table aria-label={t('inbox.detail.lines')} verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('inbox.detail.lineColumns.name')}</Table.Th>
                <Table.Th>{t('inbox.detail.lineColumns.kpd')}</Table.Th>
                <Table.Th ta="right">{t('inbox.detail.lineColumns.quantity')}</Table.Th>
                <Table.Th ta="right">{t('inbox.detail.lineColumns.price')}</Table.Th>
                <Table.Th ta="right">{t('inbox.detail.lineColumns.vat')}</Table.Th>
                <Table.Th ta="right">{t('inbox.detail.lineColumns.net')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {doc.lines.map((line) => (
                <Table.Tr key={line.id}>
                  <Table.Td>
                    <Text size="sm">{line.name}</Text>
                    {line.description && line.description !== line.name && (
                      <Text size="xs" c="dimmed">
                        {line.description}
                      </Text>
                    )}
                    {line.note && (
                      <Text size="xs" c="dimmed">
                        {line.note}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.kpd ?? '—'}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {[decimalFor(line.quantity, language), line.unitCode].filter(Boolean).join(' ')}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {line.price !== null ? decimalFor(line.price, language, 2) : '—'}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {line.vatRate !== null ? `${String(line.vatRate)} %` : (line.vatCategory ?? '—')}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {money(line.netCents, doc, language)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </Section>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section title={t('inbox.detail.vatBreakdown')}>
          <Table aria-label={t('inbox.detail.vatBreakdown')} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('inbox.detail.vatColumns.category')}</Table.Th>
                <Table.Th ta="right">{t('inbox.detail.vatColumns.rate')}</Table.Th>
                <Table.Th ta="right">{t('inbox.detail.vatColumns.base')}</Table.Th>
                <Table.Th ta="right">{t('inbox.detail.vatColumns.vat')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {doc.vatBreakdown.map((group, index) => (
                <Table.Tr key={`${group.category}-${String(group.rate)}-${String(index)}`}>
                  <Table.Td>
                    {group.category}
                    {group.exemptionReason && (
                      <Text size="xs" c="dimmed">
                        {group.exemptionReason}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{group.rate !== null ? `${String(group.rate)} %` : '—'}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {money(group.baseCents, doc, language)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {money(group.vatCents, doc, language)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack gap={2} mt="sm" role="list" aria-label={t('inbox.columns.total')}>
            {totals.map(([label, cents], index) => (
              <Group key={label} justify="space-between" role="listitem" fw={index === totals.length - 1 ? 700 : undefined}>
                <Text size="sm" inherit>
                  {label}
                </Text>
                <Text size="sm" inherit style={{ whiteSpace: 'nowrap' }}>
                  {money(cents, doc, language)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Section>
        <Section title={t('inbox.detail.payment')}>
          <Stack gap={4}>
            <Field label={t('inbox.detail.iban')}>{doc.payment.iban}</Field>
            <Field label={t('inbox.detail.bic')}>{doc.payment.bic}</Field>
            <Field label={t('inbox.detail.accountName')}>{doc.payment.accountName}</Field>
            <Field label={t('inbox.detail.paymentId')}>{doc.payment.paymentId}</Field>
            <Field label={t('inbox.detail.terms')}>{doc.payment.terms}</Field>
            <Field label={t('inbox.detail.dueDate')}>{day(doc.dueDate)}</Field>
            <PaymentCode doc={doc} />
          </Stack>
        </Section>
      </SimpleGrid>
      {(doc.notes.length > 0 || doc.buyerReference || doc.orderReference || doc.contractReference || doc.billingReferences.length > 0) && (
        <Section title={t('inbox.detail.references')}>
          <Stack gap={4}>
            <Field label={t('inbox.detail.buyerReference')}>{doc.buyerReference}</Field>
            <Field label={t('inbox.detail.orderReference')}>{doc.orderReference}</Field>
            <Field label={t('inbox.detail.contractReference')}>{doc.contractReference}</Field>
            {doc.billingReferences.map((ref) => (
              <Field key={ref.number} label={t('inbox.detail.billingReference')}>
                {ref.inboxId !== null ? (
                  <Anchor component={Link} to={`/Inbox/${String(ref.inboxId)}`} size="sm">
                    {ref.number}
                  </Anchor>
                ) : (
                  ref.number
                )}
                {ref.issueDate ? ` (${formatDay(ref.issueDate, language)})` : ''}
              </Field>
            ))}
            {doc.notes.length > 0 && (
              <>
                <Text size="sm" c="dimmed" mt={4}>
                  {t('inbox.detail.notes')}
                </Text>
                {doc.notes.map((note, index) => (
                  <Text key={index} size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {note}
                  </Text>
                ))}
              </>
            )}
          </Stack>
        </Section>
      )}
      {doc.attachments.length > 0 && (
        <Section title={t('inbox.detail.attachments')}>
          <Group gap="sm">
            {doc.attachments.map((attachment) => {
              const name = attachment.fileName ?? attachment.description ?? t('inbox.detail.attachmentFallback', { index: attachment.index + 1 });
              return (
                <Button
                  key={attachment.index}
                  variant="light"
                  leftSection={<IconPaperclip size={16} />}
                  onClick={() => save(() => downloadAttachment(doc.id, attachment.index, attachment.fileName ?? `${doc.number}-${String(attachment.index + 1)}.pdf`))}
                >
                  {t('inbox.detail.attachment', { name })}
                </Button>
              );
            })}
          </Group>
        </Section>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Section title={t('inbox.detail.validation')}>
          {report.status === 'PENDING' ? (
            <Text size="sm" c="dimmed">
              {t('inbox.detail.pendingValidation')}
            </Text>
          ) : (
            <Stack gap="xs">
              {(['xsd', 'en16931', 'hrCius'] as const).map((layer) => (
                <div key={layer}>
                  <Text size="sm" fw={500}>
                    {t(`inbox.detail.layers.${layer}`)}: {report[layer].length === 0 ? t('inbox.detail.noErrors') : String(report[layer].length)}
                  </Text>
                  {report[layer].length > 0 && (
                    <List size="xs" spacing={2} c="red">
                      {report[layer].map((message, index) => (
                        <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
                          {message}
                        </List.Item>
                      ))}
                    </List>
                  )}
                </div>
              ))}
            </Stack>
          )}
        </Section>
        <Section title={t('inbox.detail.original')}>
          <Stack gap={4}>
            <Field label={t('inbox.detail.receivedAt')}>{`${formatDay(doc.receivedAt.slice(0, 10), language)} · ${t(`inbox.detail.source.${doc.source}`)}`}</Field>
            <Field label={t('inbox.detail.providerId')}>{doc.providerDocumentId}</Field>
            <Field label={t('inbox.detail.fiscalization')}>
              {doc.fiscalStatus === 'PENDING' ? t('inbox.detail.fiscalDeadline', { date: formatDay(doc.fiscalDeadline, language) }) : t(`inbox.fiscal.${doc.fiscalStatus}`)}
            </Field>
            <Field label={t('inbox.detail.sha256')}>
              <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{doc.sha256}</Code>
            </Field>
            <Field label={t('inbox.detail.size')}>{t('inbox.detail.sizeValue', { kb: (doc.byteSize / 1024).toLocaleString(language === 'hr' ? 'hr-HR' : 'en-GB', { maximumFractionDigits: 1 }) })}</Field>
            <Field label={t('inbox.detail.retainedUntil')}>{formatDay(doc.retainedUntil, language)}</Field>
          </Stack>
        </Section>
      </SimpleGrid>
    </>
  );
}

/**
 * The HUB-3A code (PDF417) to pay what is still open from a banking app, drawn by the server; only
 * for an invoice in euro with an IBAN and something to pay (the server says why not otherwise, and
 * the page then shows no code).
 */
function PaymentCode({ doc }: { doc: ReceivedDocument }) {
  const { t } = useTranslation();
  const payable = doc.documentType === 'INVOICE' && doc.state !== 'REJECTED' && doc.currency === 'EUR' && doc.payment.iban !== null && doc.payableCents > doc.paidCents;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!payable) return undefined;
    let objectUrl: string | null = null;
    let cancelled = false;
    paymentCodeBlob(doc.id).then(
      (blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => undefined, // no code for this one (e.g. an IBAN that is not one): the details above still say how to pay
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [doc.id, payable, doc.paidCents]);
  if (!url) return null;
  return (
    <Stack gap={4} mt="sm" align="flex-start">
      <Text size="sm" c="dimmed">
        {t('inbox.detail.paymentCode')}
      </Text>
      <img src={url} alt={t('inbox.detail.paymentCodeAlt', { number: doc.number })} style={{ maxWidth: '100%', width: 320, imageRendering: 'pixelated', background: 'white' }} />
    </Stack>
  );
}

import type { ReactNode } from 'react';
import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRepeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/apiError';
import { useClients } from '../../clients';
import { useInvoice } from '../api';
import type { InvoiceFormValues } from './invoiceFormModel';
import { PageLoad } from './PageLoad';
import { isRepeatable, repeatValues, type RepeatNotes } from './repeatModel';

/** The invoice to repeat, from `?from=`: a positive whole number, anything else is ignored. */
export function parseRepeatId(value: string | null): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

interface RepeatSourceProps {
  invoiceId: number;
  operatorId: number;
  today: string;
  /** The plain New invoice, shown when the invoice cannot be repeated. */
  blank: InvoiceFormValues;
  children: (initial: InvoiceFormValues) => ReactNode;
}

/**
 * Loads the invoice to repeat (the ordinary GET) and the clients, then starts the New invoice form
 * from it. Nothing is saved here: the form issues or saves a draft like any new invoice. When the
 * invoice does not exist or cannot be repeated (a draft, a credit note) the page says so and offers
 * the empty form.
 */
export function RepeatSource({ invoiceId, operatorId, today, blank, children }: RepeatSourceProps) {
  const { t } = useTranslation();
  const invoice = useInvoice(invoiceId);
  const clients = useClients();
  const invoiceError: unknown = invoice.error;
  const clientsError: unknown = clients.error;
  if (invoiceError instanceof ApiRequestError && invoiceError.status === 404)
    return <Refused text={t('invoiceForm.repeat.notFound')}>{children(blank)}</Refused>;
  // the clients only tell whether the invoice's client still exists; if they fail, the form says so
  const ready = invoice.data && (clients.data || clientsError) ? invoice.data : undefined;
  return (
    <PageLoad data={ready} error={invoiceError} onRetry={() => void invoice.mutate()}>
      {(source) => {
        if (!isRepeatable(source)) {
          const why = source.documentType === 'CREDIT_NOTE' ? 'creditNote' : 'draft';
          return <Refused text={t(`invoiceForm.repeat.${why}`)}>{children(blank)}</Refused>;
        }
        const repeat = repeatValues(
          source,
          clients.data ?? [{ id: source.clientId }],
          operatorId,
          today,
        );
        return (
          <Stack>
            <RepeatNotice number={source.invoiceNumber ?? ''} notes={repeat.notes} />
            {children(repeat.values)}
          </Stack>
        );
      }}
    </PageLoad>
  );
}

function Refused({ text, children }: { text: string; children: ReactNode }) {
  return (
    <Stack>
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
        {text}
      </Alert>
      {children}
    </Stack>
  );
}

/** Where the form's values came from, and what the user must look at before issuing. */
function RepeatNotice({ number, notes }: { number: string; notes: RepeatNotes }) {
  const { t } = useTranslation();
  const warnings = [
    ...(notes.clientGone ? [t('invoiceForm.repeat.clientGone')] : []),
    ...notes.orphanLines.map((name) => t('invoiceForm.repeat.orphanLine', { name })),
    ...(notes.needsRate ? [t('invoiceForm.repeat.needsRate')] : []),
  ];
  return (
    <Alert
      color={warnings.length > 0 ? 'yellow' : 'blue'}
      variant="light"
      icon={<IconRepeat size={18} />}
      title={t('invoiceForm.repeat.title', { number })}
      aria-label={t('invoiceForm.repeat.title', { number })}
      role="region"
    >
      <Text size="sm">{t('invoiceForm.repeat.intro', { number })}</Text>
      {warnings.length > 0 && (
        <List size="sm" mt="xs" spacing={4}>
          {warnings.map((warning) => (
            <List.Item key={warning}>{warning}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

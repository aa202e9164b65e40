import { useState, type ReactNode } from 'react';
import { Button, Paper, Stack, Title } from '@mantine/core';
import { FormProvider, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Issuer } from '@faktura/shared';
import { operatorOibLink } from '../../../components/forms/operatorOibLink';
import { placeServerErrors } from '../../../components/forms/serverErrors';
import { zodI18nResolver } from '../../../components/forms/zodI18nResolver';
import { notifyFailure } from '../../../lib/notify';
import { ClientFields } from './ClientFields';
import { DateFields } from './DateFields';
import { HeaderFields } from './HeaderFields';
import {
  invoiceCurrency,
  invoiceFormSchema,
  type InvoiceFormOutput,
  type InvoiceFormValues,
} from './invoiceFormModel';
import { IssuerBlock } from './IssuerBlock';
import { LineItemsSection } from './LineItemsSection';
import { PaymentFields } from './PaymentFields';
import { formFieldFor } from './serverFields';
import { formTotals } from './totals';
import { TotalsTable } from './TotalsTable';
import { ActionBar } from '../../../components/ActionBar';

export interface FormAction {
  key: string;
  label: string;
  primary?: boolean;
}

/** A failure an action reports with its own title ("saved, but not issued") instead of the default. */
export class ActionFailure extends Error {
  constructor(
    readonly reason: unknown,
    readonly title: string,
  ) {
    super(title);
  }
}

interface InvoiceFormProps {
  issuer: Issuer;
  operatorName: string;
  /** The number shown read-only: the next number's preview, or a note that a draft has none yet. */
  number: string;
  numberHelp?: string;
  initial: InvoiceFormValues;
  today: string;
  actions: FormAction[];
  /** Saves with the checked values; throws to have the reasons shown under fields or toasted. */
  onAction: (key: string, values: InvoiceFormOutput) => Promise<void>;
  /** Buttons of the page that do not submit (Delete). */
  extra?: ReactNode;
  /** Shown after the lines for the chosen client (the New page: its advances to deduct, issue 48). */
  forClient?: (clientId: number | null) => ReactNode;
}

/** The whole invoice form of the New page and of a draft's Edit page. */
export function InvoiceForm({
  issuer,
  operatorName,
  number,
  numberHelp,
  initial,
  today,
  actions,
  onAction,
  extra,
  forClient,
}: InvoiceFormProps) {
  const { t } = useTranslation();
  const methods = useForm<InvoiceFormValues, unknown, InvoiceFormOutput>({
    defaultValues: initial,
    resolver: zodI18nResolver<InvoiceFormValues, InvoiceFormOutput>(invoiceFormSchema),
  });
  const [pressed, setPressed] = useState<string | null>(null);

  const run = (key: string) => {
    setPressed(key);
    void methods.handleSubmit(
      async (values) => {
        try {
          await onAction(key, values);
        } catch (failure) {
          const error = failure instanceof ActionFailure ? failure.reason : failure;
          const leftover = placeServerErrors(
            error,
            methods.setError,
            (field) => formFieldFor(field, methods.getValues()) as FieldPath<InvoiceFormValues> | null,
          );
          const title = failure instanceof ActionFailure ? failure.title : t('invoiceForm.saveFailed');
          if (leftover.length > 0) notifyFailure(title, leftover, operatorOibLink(error));
        } finally {
          setPressed(null);
        }
      },
      () => setPressed(null),
    )();
  };

  const section = (id: string, title: string, children: ReactNode) => (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );

  return (
    <FormProvider {...methods}>
      {/* Not a <form>: Enter in a field must not issue an invoice (its number cannot be taken
          back), so only the buttons submit. */}
      <Stack role="form" aria-label={t('invoiceForm.formLabel')}>
        <IssuerBlock issuer={issuer} />
        <Paper withBorder p="md">
          <HeaderFields operatorName={operatorName} number={number} numberHelp={numberHelp} />
        </Paper>
        {section(
          'invoice-client',
          t('invoiceForm.sections.client'),
          <Stack>
            <ClientFields today={today} issuerInVatSystem={issuer.inVatSystem} />
            <DateFields today={today} />
          </Stack>,
        )}
        {section('invoice-payment', t('invoiceForm.sections.payment'), <PaymentFields today={today} />)}
        {section(
          'invoice-lines',
          t('invoiceForm.sections.lines'),
          <Stack>
            <LineItemsSection />
            <RunningTotals />
          </Stack>,
        )}
        {forClient && <ForClient render={forClient} />}
        <ActionBar>
          {extra}
          {actions.map((action) => (
            <Button
              key={action.key}
              variant={action.primary ? 'filled' : 'default'}
              loading={pressed === action.key}
              disabled={pressed !== null && pressed !== action.key}
              onClick={() => run(action.key)}
            >
              {action.label}
            </Button>
          ))}
        </ActionBar>
      </Stack>
    </FormProvider>
  );
}

/** What the page shows for the chosen client; re-renders only when the client changes. */
function ForClient({ render }: { render: (clientId: number | null) => ReactNode }) {
  const clientId = useWatch<InvoiceFormValues, 'clientId'>({ name: 'clientId' });
  return <>{render(clientId)}</>;
}

/** The totals follow every keystroke in the lines; only this part re-renders for them. */
function RunningTotals() {
  const lines = useWatch<InvoiceFormValues, 'lineItems'>({ name: 'lineItems' });
  const treatment = useWatch<InvoiceFormValues, 'vatTreatment'>({ name: 'vatTreatment' });
  return (
    <TotalsTable
      totals={formTotals(lines, treatment)}
      currency={invoiceCurrency(lines)}
      treatment={treatment}
    />
  );
}

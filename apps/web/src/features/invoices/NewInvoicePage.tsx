import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdvanceDeduction } from '../advances';
import { FiscalizationOffWarning } from '../fiscalization';
import { useSearchParams } from 'react-router';
import { defaultVatTreatment, todayInZagreb, type NewInvoiceScreen } from '@faktura/shared';
import { PageTitle } from '../../components/PageTitle';
import { notifySuccess } from '../../lib/notify';
import { invoiceApi, useNewInvoiceScreen } from './api';
import { InvoiceForm } from './form/InvoiceForm';
import {
  createBody,
  newInvoiceValues,
  type InvoiceFormOutput,
  type InvoiceFormValues,
} from './form/invoiceFormModel';
import { IssuerMissing } from './form/IssuerBlock';
import { PageLoad } from './form/PageLoad';
import { useGoBack, useRefreshInvoices } from './form/pageHooks';
import { parseRepeatId, RepeatSource } from './form/RepeatSource';

/**
 * Creating an invoice (route /Invoices/NewInvoice): issue it at once, or keep it as a draft.
 * With `?from=<id>` it starts as a repeat of that issued invoice, dated this month (RepeatSource).
 */
export function NewInvoicePage() {
  const { t } = useTranslation();
  const query = useNewInvoiceScreen();
  const [params] = useSearchParams();
  const from = parseRepeatId(params.get('from'));
  // Storno and re-issue (issue 47): the stornoed invoice the new one is issued in place of
  const reissue = from !== null && parseRepeatId(params.get('reissue')) === from ? from : null;
  // SWR types errors as any; what a fetch throws is only known to be unknown.
  const error: unknown = query.error;
  return (
    <>
      <PageTitle>{t('pages.newInvoice')}</PageTitle>
      <PageLoad data={query.data} error={error} onRetry={() => void query.mutate()}>
        {(screen) => <NewInvoice key={from ?? 'new'} screen={screen} from={from} reissue={reissue} />}
      </PageLoad>
    </>
  );
}

function NewInvoice({ screen, from, reissue }: { screen: NewInvoiceScreen; from: number | null; reissue: number | null }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const refresh = useRefreshInvoices();
  // One "today" for the whole visit, so the pickers' limits and the contract dates agree.
  const [today] = useState(() => todayInZagreb());
  // the client's advances to deduct (issue 48): null until proposed, then the operator's choice
  const [advances, setAdvances] = useState<{ clientId: number; ids: number[] } | null>(null);
  const { me, operator } = screen;
  if (!me) return <IssuerMissing />;

  async function save(action: string, values: InvoiceFormOutput) {
    const draft = action === 'draft';
    const advanceIds = !draft && advances && advances.clientId === values.clientId ? advances.ids : [];
    const created = await invoiceApi.create({
      ...createBody(values, draft),
      ...(reissue !== null ? { reissueOf: reissue } : {}),
      ...(advanceIds.length > 0 ? { advanceIds } : {}),
    });
    // Someone may have issued in the meantime: the number to announce is the server's, not the preview.
    if (draft) notifySuccess(t('invoiceForm.draftSaved'));
    else
      notifySuccess(t('invoiceForm.issued', { number: created.number ?? '' }), t('invoiceForm.issuedTitle'));
    refresh();
    goBack();
  }

  // Before a client is chosen the treatment is the one for a Croatian client; choosing one updates it.
  const treatment = defaultVatTreatment({
    issuerInVatSystem: me.inVatSystem,
    clientCountry: 'HR',
    clientVatNumber: null,
  });
  const form = (initial: InvoiceFormValues) => (
    <>
      <FiscalizationOffWarning />
      <InvoiceForm
        issuer={me}
        operatorName={operator.operatorName}
        number={screen.nextInvoiceNumber}
        numberHelp={t('invoiceForm.numberPreview')}
        initial={initial}
        today={today}
        actions={[
          { key: 'draft', label: t('invoiceForm.saveAsDraft') },
          { key: 'issue', label: t('invoiceForm.issue'), primary: true },
        ]}
        onAction={save}
        forClient={(clientId) => (
          <AdvanceDeduction
            clientId={clientId}
            selected={advances && advances.clientId === clientId ? advances.ids : null}
            onChange={(ids) => clientId !== null && setAdvances({ clientId, ids })}
          />
        )}
      />
    </>
  );
  const blank = newInvoiceValues(operator.id, today, treatment);
  if (from === null) return form(blank);
  return (
    <RepeatSource invoiceId={from} operatorId={operator.id} today={today} blank={blank}>
      {form}
    </RepeatSource>
  );
}

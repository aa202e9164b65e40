import { useTranslation } from 'react-i18next';
import type { Invoice } from '@faktura/shared';
import { notifySuccess } from '../../../lib/notify';
import { invoiceApi, useNewInvoiceScreen } from '../api';
import { DeleteInvoiceButton } from './DeleteInvoiceButton';
import { ActionFailure, InvoiceForm } from './InvoiceForm';
import { draftUpdateBody, draftValues, type InvoiceFormOutput } from './invoiceFormModel';
import { IssuerMissing } from './IssuerBlock';
import { PageLoad } from './PageLoad';
import { useGoBack, useRefreshInvoices } from './pageHooks';

/** A draft is edited with the New invoice form: saved again as a draft, issued, or deleted. */
export function DraftInvoice({ invoice, today }: { invoice: Invoice; today: string }) {
  const { t } = useTranslation();
  // The issuer block and its "is it filled in" check come with the new-invoice data package.
  const query = useNewInvoiceScreen();
  const error: unknown = query.error;
  const goBack = useGoBack();
  const refresh = useRefreshInvoices();

  async function save(action: string, values: InvoiceFormOutput) {
    await invoiceApi.update(invoice.id, draftUpdateBody(values));
    if (action === 'save') {
      notifySuccess(t('invoiceForm.draftSaved'));
    } else {
      let number: string | null;
      try {
        ({ number } = await invoiceApi.issue(invoice.id));
      } catch (failure) {
        // The edits are kept; the operator learns why the issue itself was refused.
        refresh();
        throw new ActionFailure(failure, t('invoiceForm.draftSavedIssueFailed'));
      }
      notifySuccess(t('invoiceForm.issued', { number: number ?? '' }), t('invoiceForm.issuedTitle'));
    }
    refresh();
    goBack();
  }

  return (
    <PageLoad data={query.data} error={error} onRetry={() => void query.mutate()}>
      {(screen) =>
        screen.me ? (
          <InvoiceForm
            key={invoice.id}
            issuer={screen.me}
            operatorName={invoice.operator}
            number={t('invoiceForm.numberOnIssue')}
            initial={draftValues(invoice)}
            today={today}
            actions={[
              { key: 'save', label: t('invoiceForm.saveDraft') },
              { key: 'issue', label: t('invoiceForm.issue'), primary: true },
            ]}
            onAction={save}
            extra={<DeleteInvoiceButton invoice={invoice} />}
          />
        ) : (
          <IssuerMissing />
        )
      }
    </PageLoad>
  );
}

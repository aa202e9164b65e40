import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../components/ComingSoonPage';

/** Editing one invoice (route /Invoices/:invoiceId). */
export function EditInvoicePage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.editInvoice')} />;
}

import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../components/ComingSoonPage';

/** Creating an invoice (route /Invoices/NewInvoice). */
export function NewInvoicePage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.newInvoice')} />;
}

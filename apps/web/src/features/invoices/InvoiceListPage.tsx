import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../components/ComingSoonPage';

/** The invoice list with year filters (route /Invoices). */
export function InvoiceListPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.invoices')} />;
}

import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../components/ComingSoonPage';

/** The client companies (route /Clients). */
export function ClientsPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.clients')} />;
}

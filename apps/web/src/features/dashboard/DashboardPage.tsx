import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../components/ComingSoonPage';

/** The landing page after login (route /). */
export function DashboardPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.dashboard')} />;
}

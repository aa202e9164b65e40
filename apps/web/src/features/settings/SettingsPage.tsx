import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../components/ComingSoonPage';

/** General settings, line items and POS (route /Settings). */
export function SettingsPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.settings')} />;
}

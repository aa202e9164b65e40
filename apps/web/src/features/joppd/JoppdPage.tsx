import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../components/ComingSoonPage';

/** The JOPPD number for a chosen day; reachable by address only (route /Tools/Joppd). */
export function JoppdPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.joppd')} />;
}

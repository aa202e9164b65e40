import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../components/ComingSoonPage';

/** Submitted invoices waiting to be marked as cleared (route /Dashboard/Submitted). */
export function SubmittedPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.submitted')} />;
}

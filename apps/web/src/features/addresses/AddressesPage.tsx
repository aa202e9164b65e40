import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../components/ComingSoonPage';

/** The address book (route /Address). */
export function AddressesPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t('pages.addresses')} />;
}

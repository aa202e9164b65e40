import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useInvoiceList } from '../invoices';
import { DashboardInvoices } from './LatestInvoices';
import { OVERDUE_SHOWN } from './reads';


/**
 * The newest overdue invoices of any year (money owed does not wait for the year's view), each
 * with "Send reminder". Shown only while something is overdue; a failure to load it leaves the
 * rest of the dashboard alone (the overdue count above still links to the full list).
 */
export function OverdueInvoices() {
  const { t } = useTranslation();
  const { data } = useInvoiceList({ overdue: true, pageSize: OVERDUE_SHOWN });
  if (!data || data.data.length === 0) return null;
  return (
    <DashboardInvoices
      id="overdue-invoices-title"
      title={t('dashboard.overdueTable')}
      rows={data.data}
      more={
        <Anchor component={Link} to="/Dashboard/Submitted" size="sm">
          {t('dashboard.allUnpaid')}
        </Anchor>
      }
    />
  );
}

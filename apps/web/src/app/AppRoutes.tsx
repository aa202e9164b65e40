import { Navigate, Route, Routes } from 'react-router';
import { SessionProvider } from '../features/auth/SessionProvider';
import { AddressesPage } from '../features/addresses/AddressesPage';
import { ClientsPage } from '../features/clients/ClientsPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { SubmittedPage } from '../features/dashboard/SubmittedPage';
import { EditInvoicePage } from '../features/invoices/EditInvoicePage';
import { InvoiceListPage } from '../features/invoices/InvoiceListPage';
import { NewInvoicePage } from '../features/invoices/NewInvoicePage';
import { JoppdPage } from '../features/joppd/JoppdPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { NotFoundPage } from './NotFoundPage';
import { SessionGate } from './SessionGate';

/** Every screen's address. The server answers unknown paths with index.html, so all are deep-linkable. */
export function AppRoutes() {
  return (
    <SessionProvider>
      <Routes>
        <Route element={<SessionGate />}>
          <Route index element={<DashboardPage />} />
          <Route path="Dashboard" element={<Navigate to="/" replace />} />
          <Route path="Dashboard/Submitted" element={<SubmittedPage />} />
          <Route path="Invoices" element={<InvoiceListPage />} />
          <Route path="Invoices/NewInvoice" element={<NewInvoicePage />} />
          <Route path="Invoices/:invoiceId" element={<EditInvoicePage />} />
          <Route path="Clients" element={<ClientsPage />} />
          <Route path="Address" element={<AddressesPage />} />
          <Route path="Settings" element={<SettingsPage />} />
          <Route path="Tools/Joppd" element={<JoppdPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </SessionProvider>
  );
}

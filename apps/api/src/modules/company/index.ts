/** The client module's public surface: other modules import only this file (an ESLint zone). */
export { companyRoutes } from './company.routes';
export { type ClientInput, type SupplierParty, addClient, clientWithAddress, markNoEInvoices, supplierIdByOib, supplierRecord } from './company.service';

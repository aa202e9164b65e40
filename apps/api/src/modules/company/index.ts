/** The client module's public surface: other modules import only this file (an ESLint zone). */
export { companyRoutes } from './company.routes';
export { type ClientInput, addClient, clientWithAddress, markNoEInvoices } from './company.service';

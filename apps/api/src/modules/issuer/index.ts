/** The issuer's module (who issues the invoices, and their point of sale; Settings > General and POS): others import only this file. */
export { issuerRoutes } from './issuer.routes';
export { DEFAULT_POS, getIssuer, getPos, issuerForReports, issuerInVatSystem, issuerSender } from './issuer.service';

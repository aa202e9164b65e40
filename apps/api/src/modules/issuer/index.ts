/** The issuer's module (who issues the invoices, and their point of sale; Settings > General and POS): others import only this file. */
export { issuerRoutes } from './issuer.routes';
export { DEFAULT_POS, getIssuer } from './issuer.service';
export { type IssuerRow, findIssuer } from './issuer.repository';

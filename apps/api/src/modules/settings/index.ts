/** The settings module's public surface (issuer, point of sale): other modules import only this file. */
export { settingsRoutes } from './settings.routes';
export { DEFAULT_POS, getIssuer } from './settings.service';
export { type IssuerRow, findIssuer } from './settings.repository';

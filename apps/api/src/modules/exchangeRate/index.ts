export { exchangeRateRoutes } from './exchangeRate.routes';
export type { HnbSource } from './hnb';

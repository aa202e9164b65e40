export { kpdRoutes } from './kpd.routes';

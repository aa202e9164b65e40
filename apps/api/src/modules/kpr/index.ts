/** The KPR and PO-SD of a paušalni obrt (decision 029): its routes only. */
export { kprRoutes } from './kpr.routes';

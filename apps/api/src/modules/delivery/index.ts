/** The delivery module (issue 32): e-invoices sent through the user's information intermediary. Others import only this file. */
export { deliveryRoutes } from './routes';
export { type DeliveryDeps, deliveryPort, getDeliverySettings, intermediarySetUp } from './settings';
export { DeliveryWorker, deliveryRound, queueIssued as queueDelivery } from './sending';
export type { DeliveryPort, InboxEntry, ReceivedFiscalization } from './port';

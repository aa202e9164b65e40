/** The fiscalization module (issue 29): settings, the user's certificate, signed messages to the Tax Administration. Others import only this file. */
export { fiscalizationRoutes } from './routes';
export { type FiscalDeps, type ReceivedSource, getFiscalSettings, sendingSetup } from './settings';
export { type ERacunRecord } from './eracun';
export { FiscalizationWorker, enqueueIssued, enqueueReceived, fiscalizeRound, queueIssued, queueReceived, sendDue, sendDueReceived, sendDueRejections } from './outbox';
// what the invoice module's payment answers say of each payment's report (its port, wired in app.ts)
export { paymentReports, reasonOf as fiscalReason } from './status';
// what a fiscalized invoice's printout carries (decision 031): the check page's link and its QR code
export { QR_MIN_SIZE_MM, verificationQrPng, verificationUrl } from './b2c';
// encryption at rest under the server's secret, for other secrets too (the intermediary's password, issue 32)
export { SecretBoxError, open as openSecret, seal as sealSecret } from './secretBox';

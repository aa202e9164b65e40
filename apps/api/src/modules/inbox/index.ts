/** The inbox (issue 46): received e-invoices, kept as they came and shown readably. Others import only this file. */
export { type InboxRouteDeps, inboxRoutes } from './inbox.routes';
export { type InboxDeps, type IncomingDocument, type KeepOutcome, type OriginalsCheck, keepContext, keepDocument, verifyOriginals } from './inbox.service';
export { type FetchDeps, FETCH_EVERY_MS, InboxFetchWorker, fetchRound } from './inbox.fetch';
export { receivedExport } from './inbox.export';
export { type DocumentValidator, ValidationQueue, validatePending } from './inbox.validation';
// the fiscalization module's port: a received e-invoice's record for vrstaERacuna U (decision 038)
export { receivedRecord } from './inbox.fiscal';

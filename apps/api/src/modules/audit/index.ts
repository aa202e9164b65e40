/** The audit trail's public surface: other modules import only this file (an ESLint zone). */
export { auditRoutes } from './audit.routes';
export { type Actor, type AuditRecord, canonicalJson, changesBetween, record, verifyChain } from './audit.service';

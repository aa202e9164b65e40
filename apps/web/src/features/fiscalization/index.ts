/** Fiscalization (issue 29): Settings > Fiscalization, a document's status, the warning while it is off. */
export { FiscalizationTab } from './FiscalizationTab';
export { FiscalizationSection, FiscalStatusBadge } from './FiscalizationSection';
export { FiscalizationOffWarning } from './FiscalizationOffWarning';

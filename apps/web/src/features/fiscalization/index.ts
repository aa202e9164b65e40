/** Fiscalization (issue 29): Settings > Fiscalization, a document's status, the warning while it is off. */
export { FiscalizationTab } from './FiscalizationTab';
export { FiscalizationSection, FiscalStatusBadge } from './FiscalizationSection';
export { FiscalizationOffWarning } from './FiscalizationOffWarning';
// Settings > E-invoice delivery says who fiscalizes (issue 32)
export { useFiscalSettings } from './api';

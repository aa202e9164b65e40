// Advance invoices (računi za predujam, issue 48): the New advance invoice screen, the deduction the New
// invoice form proposes and what an invoice's page shows of advances. Others import only this file (decision 020).
import { lazyComponent } from '../../components/lazy';

export const newAdvancePage = lazyComponent(() => import('./NewAdvancePage').then((m) => m.NewAdvancePage));
export { AdvanceDeduction } from './AdvanceDeduction';
export { AdvanceLabel, AdvancesSection } from './AdvancesSection';

import { lazyDialog } from '../../components/lazy';
import type { SendEmailTarget } from './SendEmailModal';

/**
 * The send-by-e-mail dialog, loaded the first time it opens: its form (and zod with it) stays out of
 * the screens that offer it (the invoice list, the dashboard, the invoice page).
 */
export const SendEmailDialog = lazyDialog<{ target: SendEmailTarget | null; onClose: () => void }>(
  () => import('./SendEmailModal').then((m) => m.SendEmailModal),
  { isOpen: (props) => props.target !== null, closed: (props) => ({ ...props, target: null }) },
);

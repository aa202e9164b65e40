import { lazyDialog, openWhileInvoiceId } from '../../components/lazy';
import type { PrintPreviewModalProps } from './PrintPreviewModal';

/**
 * The print preview dialog, its code (the sheet, the toolbar, their styles) loaded the first time it
 * opens, not with the page that holds it.
 */
export const PrintPreviewDialog = lazyDialog<PrintPreviewModalProps>(
  () => import('./PrintPreviewModal').then((m) => m.PrintPreviewModal),
  openWhileInvoiceId(),
);

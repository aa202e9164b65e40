// The print preview, for any page that shows an invoice (the list; the edit page).
export { PrintPreviewButton, type PrintPreviewButtonProps } from './PrintPreviewButton';
export { PrintPreviewDialog } from './PrintPreviewDialog';
export type { PrintPreviewModalProps } from './PrintPreviewModal';
export { useXmlDownload } from './useXmlDownload';
export { saveBlob } from './saveFile';

// The print preview, for any page that shows an invoice (the list; the edit page).
export { PrintPreviewButton, type PrintPreviewButtonProps } from './PrintPreviewButton';
export { PrintPreviewDialog } from './PrintPreviewDialog';
export type { PrintPreviewModalProps } from './PrintPreviewModal';
export { XmlDownloadButton } from './XmlDownloadButton';
export { saveBlob } from './saveFile';

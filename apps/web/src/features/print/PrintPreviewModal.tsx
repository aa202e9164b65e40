import { useState } from 'react';
import { Box, Group, LoadingOverlay, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language, PrintView } from '@faktura/shared';
import { useDialogFullScreen } from '../../components/useDialogFullScreen';
import { currentLanguage } from '../../lib/i18n';
import { usePrintView } from './api';
import { PreviewFailure, PreviewLoading } from './PreviewState';
import { PreviewToolbar } from './PreviewToolbar';
import { InvoiceSheet } from './sheet/InvoiceSheet';
import { useFitWidth } from './useFitWidth';
import { usePdfDownload } from './usePdfDownload';
import { useXmlDownload } from './useXmlDownload';
import './printPreview.css';

export interface PrintPreviewModalProps {
  /** The invoice to show; null closes the dialog. */
  invoiceId: number | null;
  onClose: () => void;
}

/** The invoice as it prints, with language switch (foreign clients), Print and Download PDF. */
export function PrintPreviewModal({ invoiceId, onClose }: PrintPreviewModalProps) {
  const fullScreen = useDialogFullScreen();
  // Kept while the dialog fades out, so the sheet does not vanish halfway through the fade.
  const [shownId, setShownId] = useState(invoiceId);
  if (invoiceId !== null && invoiceId !== shownId) setShownId(invoiceId);

  return (
    <Modal.Root
      opened={invoiceId !== null}
      onClose={onClose}
      // An A4 page and the body's padding; narrower screens get the whole width.
      size="calc(210mm + 2rem)"
      fullScreen={fullScreen}
      className="fk-preview"
    >
      <Modal.Overlay className="fk-preview__overlay" />
      <Modal.Content className="fk-preview__content">
        {/* Keyed by id: another invoice starts again in the screen's language. */}
        {shownId !== null && <PreviewContent key={shownId} invoiceId={shownId} />}
      </Modal.Content>
    </Modal.Root>
  );
}

function PreviewContent({ invoiceId }: { invoiceId: number }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<Language | null>(null);
  // Until the operator picks one, the invoice is asked for in the screen's language.
  const language = chosen ?? currentLanguage();
  const { data, error, isValidating, mutate } = usePrintView(invoiceId, language);
  const pdf = usePdfDownload(invoiceId);
  const xml = useXmlDownload(invoiceId);

  // While another language loads, the sheet already shown stays (dimmed) instead of a spinner.
  const [shown, setShown] = useState<PrintView | undefined>(data);
  if (data && data !== shown) setShown(data);
  // A retry shows the spinner again; SWR keeps the old error until an answer arrives.
  const failed = error !== undefined && !data && !isValidating;
  const view = data ?? (failed ? undefined : shown);
  // Switchability belongs to the invoice (its client's country), so the switch stays while reloading.
  const switchable = view?.languageSwitchable ?? false;

  const title = !view
    ? t('preview.title')
    : view.commonData.invoiceNumber
      ? t(view.documentType === 'CREDIT_NOTE' ? 'preview.titleCreditNote' : 'preview.titleNumber', {
          number: view.commonData.invoiceNumber,
        })
      : t('preview.titleDraft');

  const { ref: fitRef, scale } = useFitWidth<HTMLDivElement>();
  return (
    <>
      <Modal.Header className="fk-preview__header">
        <Group justify="space-between" gap="sm" w="100%" wrap="wrap" pr="xs">
          <Modal.Title fw={600}>{title}</Modal.Title>
          <PreviewToolbar
            switchable={switchable}
            language={chosen ?? view?.language ?? language}
            onLanguage={setChosen}
            ready={data !== undefined}
            downloading={pdf.busy}
            onPrint={() => window.print()}
            // The PDF in the language actually shown, which for a Croatian client is always Croatian.
            onDownload={() => data && void pdf.download(data.language)}
            // Only issued documents have an e-invoice, and none to a private person (decision 031);
            // its embedded PDF is in the language shown.
            xml={
              view && !view.draft && view.client.kind !== 'CONSUMER'
                ? { busy: xml.busy, onDownload: () => data && void xml.download(data.language) }
                : undefined
            }
          />
        </Group>
        <Modal.CloseButton aria-label={t('preview.close')} className="fk-no-print" />
      </Modal.Header>
      <Modal.Body className="fk-preview__body">
        {failed ? (
          <PreviewFailure error={error} onRetry={() => void mutate()} />
        ) : view ? (
          <Box pos="relative" ref={fitRef}>
            <LoadingOverlay visible={!data} overlayProps={{ blur: 1 }} className="fk-no-print" />
            {/* on a phone the whole A4 sheet, shrunk to the width (zoom keeps the layout's own size for printing) */}
            <div
              className="fk-preview__fit"
              data-scale={scale}
              style={scale < 1 ? { zoom: scale } : undefined}
            >
              <InvoiceSheet view={view} />
            </div>
          </Box>
        ) : (
          <PreviewLoading />
        )}
      </Modal.Body>
    </>
  );
}

import type { PrintView } from '@faktura/shared';
import { isInlineImage, type LabelOf } from './labels';

/**
 * What a fiscalized invoice carries (ZoF čl. 7, decision 031): the QR code that links the Tax
 * Administration's check page, drawn at the size that makes its symbol 2 × 2 cm, beside the ZKI and
 * the JIR (or that the JIR is still to come). A draft that would be fiscalized once issued says instead
 * that it is not a fiscalized invoice (ZoF čl. 29). Nothing for any other document, as in the PDF.
 */
export function SheetFiscal({ view, label }: { view: PrintView; label: LabelOf }) {
  const { fiscal, notFiscalized } = view;
  return (
    <>
      {notFiscalized && <p className="fk-sheet__not-fiscalized">{notFiscalized}</p>}
      {fiscal && (
        <section className="fk-sheet__fiscal">
          {isInlineImage(fiscal.qrUrl) && (
            <figure className="fk-sheet__fiscal-qr" style={{ width: `${fiscal.qrSizeMm}mm` }}>
              <img src={fiscal.qrUrl} alt={label('fiscal.qrAlt')} />
              {/* The alt text already says what the code is for. */}
              <figcaption aria-hidden="true">{label('fiscal.qr')}</figcaption>
            </figure>
          )}
          <dl className="fk-sheet__fiscal-codes">
            <div className="fk-sheet__fact">
              <dt>{label('fiscal.zki')}</dt>
              <dd>{fiscal.zki}</dd>
            </div>
            <div className="fk-sheet__fact">
              <dt>{label('fiscal.jir')}</dt>
              <dd>{fiscal.jirText}</dd>
            </div>
          </dl>
        </section>
      )}
    </>
  );
}

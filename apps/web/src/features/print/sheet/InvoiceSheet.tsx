import type { PrintView } from '@faktura/shared';
import { labelsOf } from './labels';
import './sheet.css';
import { SheetFiscal } from './SheetFiscal';
import { SheetHeader } from './SheetHeader';
import { SheetLines } from './SheetLines';
import { SheetParties } from './SheetParties';
import { SheetPayment } from './SheetPayment';

/**
 * The invoice as the PDF lays it out, on an A4-wide sheet; the print stylesheet prints this element
 * alone. Every value is a preformatted string from the server and is rendered as text, never markup.
 */
export function InvoiceSheet({ view }: { view: PrintView }) {
  const label = labelsOf(view);
  return (
    <article
      className="fk-sheet"
      lang={view.language}
      // The faint diagonal mark of a draft is drawn from this attribute by CSS, so it is not read twice.
      data-draft-mark={view.draft ? label('draftMark') : undefined}
    >
      <SheetHeader view={view} label={label} />
      <SheetParties view={view} label={label} />
      <SheetLines view={view} label={label} />
      <SheetPayment view={view} label={label} />
      <SheetFiscal view={view} label={label} />
      {view.content.footnotes.length > 0 && (
        <div className="fk-sheet__notes">
          {view.content.footnotes.map((note, index) => (
            <p key={index}>{note}</p>
          ))}
        </div>
      )}
      {view.commonData.footer && <footer className="fk-sheet__footer">{view.commonData.footer}</footer>}
    </article>
  );
}

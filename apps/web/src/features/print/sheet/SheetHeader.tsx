import type { PrintView } from '@faktura/shared';
import { joined, placeLine, type LabelOf } from './labels';

/** The issuer on the left; the document's name and number (or the draft mark) on the right, as in the PDF. */
export function SheetHeader({ view, label }: { view: PrintView; label: LabelOf }) {
  const { sender, commonData } = view;
  return (
    <header className="fk-sheet__head">
      <div className="fk-sheet__sender">
        <p className="fk-sheet__sender-name">{sender.title}</p>
        {sender.address1 && <p>{sender.address1}</p>}
        <p>{placeLine(sender)}</p>
        <p>
          {joined(
            [
              `${label('pin')}: ${sender.pin}`,
              sender.vatNumber && `${label('vatNumber')}: ${sender.vatNumber}`,
            ],
            ' · ',
          )}
        </p>
        {sender.email && <p>{`${label('email')}: ${sender.email}`}</p>}
        {sender.phone && <p>{`${label('phone')}: ${sender.phone}`}</p>}
      </div>
      <div className="fk-sheet__heading">
        <h3 className="fk-sheet__print-name">{commonData.printName}</h3>
        <p className="fk-sheet__number">{commonData.invoiceNumber ?? label('draftNumber')}</p>
        {view.draft && <p className="fk-sheet__draft-mark">{label('draftMark')}</p>}
      </div>
    </header>
  );
}

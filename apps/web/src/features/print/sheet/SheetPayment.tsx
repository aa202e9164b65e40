import type { PrintView } from '@faktura/shared';
import { isInlineImage, type LabelOf } from './labels';

/** IBAN, SWIFT and reference number beside the payment code (HUB-3 PDF417 or EPC QR), as in the PDF. */
export function SheetPayment({ view, label }: { view: PrintView; label: LabelOf }) {
  const { iban, swift, referenceNumber } = view.paymentData;
  const rows: [string, string | null][] = [
    [label('iban'), iban],
    [label('swift'), swift],
    [label('referenceNumber'), referenceNumber],
  ];
  const barcodeLabel = label(view.barcodeKind === 'EPC' ? 'barcodeEpc' : 'barcodeHub3');
  return (
    <section className="fk-sheet__payment">
      <dl className="fk-sheet__payment-data">
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([name, value]) => (
            <div key={name} className="fk-sheet__fact">
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {isInlineImage(view.barcodeUrl) && (
        <figure className="fk-sheet__barcode" data-kind={view.barcodeKind ?? 'HUB3'}>
          <img src={view.barcodeUrl} alt={barcodeLabel} />
          {/* The alt text already names the code for screen readers. */}
          <figcaption aria-hidden="true">{barcodeLabel}</figcaption>
        </figure>
      )}
    </section>
  );
}

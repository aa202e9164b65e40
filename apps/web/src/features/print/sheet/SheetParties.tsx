import { type PrintView, printedCreateDate, taxNumberKind } from '@faktura/shared';
import { joined, placeLine, type LabelOf } from './labels';

/**
 * The client's tax number, named by the client's country (`taxNumberKind`, as the PDF prints it):
 * OIB for a Croatian client and any private person (who has no VAT number), the VAT ID in the rest
 * of the EU, a tax number elsewhere.
 */
function clientTaxLine(view: PrintView, label: LabelOf): string | null {
  const { client } = view;
  const kind = taxNumberKind(client.countryCode, client.kind);
  if (kind === 'OIB') return client.pin ? `${label('pin')}: ${client.pin}` : null;
  return client.vatNumber ? `${label(kind === 'VAT' ? 'vatNumber' : 'taxNumber')}: ${client.vatNumber}` : null;
}

/** Client on the left, the invoice's facts on the right. */
export function SheetParties({ view, label }: { view: PrintView; label: LabelOf }) {
  const { client, commonData, paymentData, operator } = view;
  const taxLine = clientTaxLine(view, label);
  const facts: [string, string | null][] = [
    // The printout's catalogue has no label for the type, so ours supplies it in the invoice's language.
    [view.labels.invoiceType ?? '', commonData.type],
    [label('invoiceNumber'), commonData.invoiceNumber],
    [label('extraInfo'), commonData.extraInfo],
    [label('issueDateTime'), commonData.issueDateTime],
    [label('createDate'), printedCreateDate(view)],
    [label('deliveryDate'), commonData.deliveryDate],
    [label('servicePeriod'), commonData.servicePeriod],
    [label('paymentDueDate'), commonData.paymentDueDate],
    [label('paymentMethod'), paymentData.paymentMethod],
    [label('placeOfIssue'), commonData.placeOfIssue],
    [label('premises'), operator.premisesCode],
    [label('device'), operator.deviceCode],
    [label('operator'), operator.name],
  ];
  return (
    <section className="fk-sheet__parties">
      <div className="fk-sheet__client">
        <p className="fk-sheet__caption">{label('client')}</p>
        <p className="fk-sheet__client-name">{client.title}</p>
        <p>{joined([client.address1, client.address2])}</p>
        <p>{placeLine(client)}</p>
        {taxLine && <p>{taxLine}</p>}
      </div>
      <dl className="fk-sheet__facts">
        {facts
          .filter((fact): fact is [string, string] => Boolean(fact[1]))
          .map(([name, value]) => (
            <div key={name} className="fk-sheet__fact">
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {commonData.creditNote && (
        <div className="fk-sheet__credit">
          <p className="fk-sheet__credit-for">{`${commonData.type} ${commonData.creditNote.forInvoice}`}</p>
          <p>{`${label('creditNote.reason')}: ${commonData.creditNote.reason}`}</p>
        </div>
      )}
    </section>
  );
}

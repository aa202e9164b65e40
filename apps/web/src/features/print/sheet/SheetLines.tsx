import { translate, type PrintView } from '@faktura/shared';
import type { LabelOf } from './labels';

type Line = PrintView['content']['lineItems'][number];
type Column = 'name' | 'quantity' | 'unit' | 'unitPrice' | 'discount' | 'vatRate' | 'linePrice';
/** The order of `columnTitles` in the contract. */
const ALL_COLUMNS: Column[] = ['name', 'quantity', 'unit', 'unitPrice', 'discount', 'vatRate', 'linePrice'];

const cellOf: Record<Column, (line: Line) => string> = {
  name: (line) => line.name,
  quantity: (line) => line.quantity,
  unit: (line) => line.lineItemUnit,
  unitPrice: (line) => line.unitPrice,
  discount: (line) => line.discount ?? '',
  vatRate: (line) => line.vatRate ?? '',
  linePrice: (line) => line.linePrice,
};

/** Discount and VAT columns appear only when some line has them, as in the PDF. */
function columnsOf(lines: Line[]): Column[] {
  return ALL_COLUMNS.filter(
    (column) =>
      (column !== 'discount' || lines.some((line) => line.discount)) &&
      (column !== 'vatRate' || lines.some((line) => line.vatRate)),
  );
}

/** The line items, then subtotal, tax lines, total and (for a foreign currency) the euro total and rate. */
export function SheetLines({ view, label }: { view: PrintView; label: LabelOf }) {
  const { content } = view;
  const columns = columnsOf(content.lineItems);
  const title = (column: Column) => content.columnTitles[ALL_COLUMNS.indexOf(column)] ?? column;
  return (
    <>
      <table className="fk-sheet__lines" aria-label={translate(view.language, 'preview.sheet.lines')}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" data-column={column}>
                {title(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {content.lineItems.map((line, index) => (
            // Lines have no id in the view; their order is fixed, so the position identifies them.
            <tr key={index}>
              {columns.map((column) => (
                <td key={column} data-column={column}>
                  {cellOf[column](line)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="fk-sheet__sums">
        <table className="fk-sheet__vat" aria-label={label('vatBreakdown.title')}>
          <caption>{label('vatBreakdown.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{label('vatBreakdown.rate')}</th>
              <th scope="col">{label('vatBreakdown.base')}</th>
              <th scope="col">{label('vatBreakdown.vat')}</th>
            </tr>
          </thead>
          <tbody>
            {content.vatBreakdown.map((row) => (
              <tr key={row.rate}>
                <th scope="row">{row.rate}</th>
                <td>{row.base}</td>
                <td>{row.vat}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="fk-sheet__totals">
          <tbody>
            <tr>
              <th scope="row">{label('subtotal')}</th>
              <td>{content.subtotal}</td>
            </tr>
            {content.taxLines.map((tax) => (
              <tr key={tax.label}>
                <th scope="row">{tax.label}</th>
                <td>{tax.amount}</td>
              </tr>
            ))}
            <tr className="fk-sheet__total">
              <th scope="row">{label('total')}</th>
              <td>{content.totalPrimary}</td>
            </tr>
            {content.totalSecondary && (
              <tr>
                <th scope="row">{label('totalSecondary')}</th>
                <td>{content.totalSecondary}</td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {content.euroFxRate && <p className="fk-sheet__rate">{content.euroFxRate}</p>}
    </>
  );
}

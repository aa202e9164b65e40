import type { InvoiceFormValues } from './invoiceFormModel';

const LINE_FIELDS = new Set([
  'quantity',
  'description',
  'descriptionEn',
  'price',
  'discountPercent',
  'vatRateBp',
]);
const TOP_FIELDS = new Set([
  'clientId',
  'deliveryDate',
  'paymentDueDate',
  'referenceModel',
  'referenceNumber',
  'extraInfo',
  'vatTreatment',
  'eurFxRate',
  'lineItems',
]);

/**
 * Where a server error's field ("billingDate", "lineItems.0.quantity") is shown in the form, or null
 * when no input holds it (the reason is then toasted). A line's id, unit or currency has no input of
 * its own, so those sit under the line's description.
 */
export function formFieldFor(field: string, values: InvoiceFormValues): string | null {
  if (TOP_FIELDS.has(field)) return field;
  if (field === 'contractType' || field === 'contractDueDays') return 'contractType';
  if (field === 'servicePeriod.start') return 'servicePeriodStart';
  if (field === 'servicePeriod.end' || field === 'servicePeriod') return 'servicePeriodEnd';
  // the date of issue has no input: the server dates the invoice (decision 026)
  if (field === 'billingDate') return null;
  const match = /^lineItems\.(\d+)\.(\w+)$/.exec(field);
  if (!match) return null;
  const index = Number(match[1]);
  if (index >= values.lineItems.length) return 'lineItems';
  // the VAT rate select holds basis points
  const name = match[2] === 'vatRate' ? 'vatRateBp' : (match[2] ?? '');
  return `lineItems.${index}.${LINE_FIELDS.has(name) ? name : 'description'}`;
}

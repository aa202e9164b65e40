/** E-invoice validation on the three official layers (decision 036). Others import only this file. */
export { EInvoiceValidator, type ValidationReport } from './validator';

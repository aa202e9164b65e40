/**
 * Advance invoices (računi za predujam, issue 48, decision 044): issuing one for a payment received,
 * the client's advances still to deduct, and the deduction on the final invoice (the invoice module's
 * `onAdvancesDeducted` hook). Others import only this file.
 */
export { advanceRoutes } from './advance.routes';
export { createAdvanceInvoice, deductAdvancesHook, openAdvances } from './advance.service';

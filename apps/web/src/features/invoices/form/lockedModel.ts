import { z } from 'zod';
import { invoiceUpdateSchema, type Invoice, type ReferenceModel } from '@faktura/shared';
import { lineBody, linesOf } from './invoiceFormModel';

/** What stays editable on an issued invoice (decision 004). */
export interface LockedValues {
  extraInfo: string;
  paymentDueDate: string;
  referenceModel: ReferenceModel;
  referenceNumber: string;
}

export type LockedOutput = z.output<typeof invoiceUpdateSchema>;

export function lockedValues(invoice: Invoice): LockedValues {
  return {
    extraInfo: invoice.extraInfo ?? '',
    paymentDueDate: invoice.paymentDueDate,
    referenceModel: invoice.referenceModel,
    referenceNumber: invoice.referenceNumber ?? '',
  };
}

/**
 * The update body for an issued invoice: the editable fields plus its lines exactly as loaded, since
 * the API takes lines in every update and refuses (409) any that differ. Nothing else is sent, so
 * the client, dates, VAT treatment and rate stay as stored. The due date may move, never before
 * the billing date.
 */
export function lockedSchema(invoice: Invoice) {
  // the stored lines in integer units, written back by the shared lineToWire
  const lineItems = linesOf(invoice).map((line) => lineBody(line, invoice.vatTreatment));
  return z.preprocess(
    (input) => {
      const values = input as LockedValues;
      return { ...values, paymentDueDate: values.paymentDueDate || undefined, lineItems };
    },
    invoiceUpdateSchema.superRefine((value, ctx) => {
      if (invoice.billingDate && value.paymentDueDate < invoice.billingDate)
        ctx.addIssue({ code: 'custom', path: ['paymentDueDate'], message: 'validation.dueBeforeIssue' });
    }),
  );
}

export const LOCKED_FIELDS = ['extraInfo', 'paymentDueDate', 'referenceModel', 'referenceNumber'] as const;

import type { DocumentType, CreditStatus, InvoiceState } from '@faktura/shared';

interface Creditable {
  documentType: DocumentType;
  state: InvoiceState;
  creditStatus: CreditStatus | null;
}

/** Only an issued invoice with something left to credit takes a credit note; drafts and notes never. */
export function canCredit({ documentType, state, creditStatus }: Creditable): boolean {
  return documentType === 'INVOICE' && state !== 'DRAFT' && creditStatus !== 'FULL';
}

import { todayInZagreb } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import type { Finish } from '../../http/idempotency';
import { record } from '../audit';
import type { Operator } from '../auth';
import { createCreditNote } from './invoice.credit';
import * as repo from './invoice.repository';

/**
 * Storno and re-issue (issue 47, decision 041): the storno credit note of the whole remaining invoice,
 * issued exactly as "Credit note" issues it (its number, fiscalization and delivery queued in the same
 * transaction), and `invoice.reissued` in the audit trail in that transaction. The new invoice is only
 * prepared: the web opens New invoice repeating this one (`?from=`) and the user issues it, when it
 * takes its number and records what it re-issues (`reissueOf`). Refused for a draft, a credit note, and
 * an invoice already credited (in part or in full) or re-issued.
 */
export async function reissueInvoice(
  db: Db,
  operator: Operator,
  invoiceId: number,
  finish?: Finish<{ creditNote: { id: number; number: string | null }; reissueOf: number }>,
): Promise<{ creditNote: { id: number; number: string | null }; reissueOf: number }> {
  const original = await repo.findInvoice(db, invoiceId);
  if (!original) throw new AppError('invoiceNotFound');
  if (original.document_type === 'CREDIT_NOTE') throw new AppError('reissueCreditNote');
  if (original.state === 'DRAFT' || !original.invoice_number) throw new AppError('reissueNotIssued');
  const number = original.invoice_number;
  const notes = await repo.creditNotesOf(db, invoiceId);
  const by = await repo.reissuedBy(db, invoiceId);
  if (original.credit_status !== null || notes.length > 0 || by.length > 0) {
    const names = [...notes.map((n) => n.invoice_number ?? ''), ...by.map((b) => b.number ?? '')].filter(Boolean).join(', ');
    throw new AppError('reissueAlreadyDone', { params: { number, by: names || '—' } });
  }
  let answer: { creditNote: { id: number; number: string | null }; reissueOf: number } | undefined;
  await createCreditNote(
    db,
    operator,
    invoiceId,
    { reason: `Storno računa ${number} radi ponovnog izdavanja`, billingDate: todayInZagreb(), lines: undefined },
    async (trx, note) => {
      const rejection = await repo.buyerRejectionOf(trx, invoiceId);
      await record(trx, operator, {
        action: 'invoice.reissued',
        invoiceId,
        details: { number, creditNoteId: note.id, creditNoteNumber: note.number, buyerRejected: rejection !== undefined, rejectionType: rejection?.type ?? null },
      });
      answer = { creditNote: note, reissueOf: invoiceId };
      await finish?.(trx, answer);
    },
  );
  if (!answer) throw new Error('the storno was not issued');
  return answer;
}

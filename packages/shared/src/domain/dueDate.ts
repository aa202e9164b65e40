import { addDays } from './dates';

export interface DueDateProposal {
  /** The due date to propose: never before today. */
  paymentDueDate: string;
  /** The contract's own due date when it had already passed and was replaced; otherwise null. */
  passed: string | null;
}

/**
 * A contract's due date may already lie in the past (a statement of work bills from the last
 * weekday of the previous month): an invoice issued with it would be overdue the moment it exists.
 * Such a proposal is replaced by today plus the contract's days, and the replaced date is returned
 * so the page can say why.
 */
export function dueDateNotPast(proposed: string, paymentDueDays: number, today: string): DueDateProposal {
  if (proposed >= today) return { paymentDueDate: proposed, passed: null };
  return { paymentDueDate: addDays(today, Math.max(paymentDueDays, 0)), passed: proposed };
}

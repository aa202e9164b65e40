import type { Db } from '../../db/connection';

/**
 * What other modules do with a document in the transaction that issues it (decision 030): the
 * fiscalization module queues it in its outbox there, so that a document issued is in the outbox
 * the moment it exists (a crash cannot separate them) and its status is known at once. The invoice
 * module knows nothing of what a hook does; a hook that throws undoes the issue.
 */
export type IssueHook = (trx: Db, invoiceId: number) => Promise<void>;

const hooks = new Set<IssueHook>();

/** Registers a hook (once per function, however often it is called). */
export function onIssued(hook: IssueHook): void {
  hooks.add(hook);
}

export async function runIssueHooks(trx: Db, invoiceId: number): Promise<void> {
  for (const hook of hooks) await hook(trx, invoiceId);
}

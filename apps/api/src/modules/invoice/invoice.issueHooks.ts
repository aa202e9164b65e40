import type { Db } from '../../db/connection';

/**
 * What other modules do with a document in the transaction that issues it (decision 030): the
 * fiscalization module queues it in its outbox there, so that a document issued is in the outbox
 * the moment it exists (a crash cannot separate them) and its status is known at once. The invoice
 * module knows nothing of what a hook does; a hook that throws undoes the issue.
 */
export type IssueHook = (trx: Db, invoiceId: number) => Promise<void>;

const hooks = new Map<string, IssueHook>();

/**
 * Registers a module's hook under its name; registering the name again replaces it (an app built
 * again in the same process, with its own dependencies, replaces the hook of the one before).
 */
export function onIssued(name: string, hook: IssueHook): void {
  hooks.set(name, hook);
}

export async function runIssueHooks(trx: Db, invoiceId: number): Promise<void> {
  for (const hook of hooks.values()) await hook(trx, invoiceId);
}

import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection';
import type { ValidationReport } from '../validation';
import * as repo from './inbox.repository';

/** What checks a document: the validation module's worker (or, in a test, the same rules in-thread). */
export interface DocumentValidator {
  validate(xml: string): Promise<ValidationReport>;
}

export interface ValidationDeps {
  db: Db;
  validator: DocumentValidator;
  now?: () => Date;
}

const BATCH = 20;

/**
 * Checks kept documents still `PENDING` on the three layers and stores the outcome (issue 46,
 * "Checked"): VALID without a failure, INVALID with them listed. The original bytes are what is
 * checked, never a re-serialisation. A document the checker could not finish (its worker died on
 * it) stays PENDING and is left out of this process's later rounds (`skip`), so one document cannot
 * stop the others; the next start tries it again. Returns how many were checked.
 */
export async function validatePending(deps: ValidationDeps, skip: Set<number> = new Set(), limit = Number.POSITIVE_INFINITY): Promise<number> {
  let checked = 0;
  while (checked < limit) {
    const batch = (await repo.pendingValidation(deps.db, BATCH + skip.size)).filter((row) => !skip.has(Number(row.id)));
    if (batch.length === 0) return checked;
    for (const { id } of batch) {
      const bytes = await repo.bytesOf(deps.db, Number(id));
      if (!bytes) {
        skip.add(Number(id));
        continue;
      }
      let report: ValidationReport;
      try {
        report = await deps.validator.validate(bytes.toString('utf8').replace(/^\uFEFF/, ''));
      } catch (error) {
        skip.add(Number(id));
        throw Object.assign(error instanceof Error ? error : new Error(String(error)), { documentId: Number(id) });
      }
      const valid = report.xsd.length + report.en16931.length + report.hrCius.length === 0;
      await repo.saveValidation(deps.db, Number(id), valid ? 'VALID' : 'INVALID', JSON.stringify(report), (deps.now?.() ?? new Date()).toISOString());
      checked++;
      if (checked >= limit) return checked;
    }
  }
  return checked;
}

/**
 * The server's queue: kicked after documents were kept and once at start (documents kept before a
 * restart), one round at a time; a kick during a round runs another after it.
 */
export class ValidationQueue {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly skip = new Set<number>();

  constructor(
    private readonly deps: ValidationDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = null;
    });
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        const checked = await validatePending(this.deps, this.skip);
        if (checked > 0) this.log.info({ checked }, 'received e-invoices validated');
      } catch (error) {
        const documentId = (error as { documentId?: number }).documentId;
        this.log.warn({ documentId, err: error instanceof Error ? error.message : String(error) }, 'a received e-invoice could not be validated; it stays pending');
        this.again = true;
      }
    } while (this.again && !this.stopped);
  }

  /** Waits for the round in progress (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }
}

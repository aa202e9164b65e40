import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * Consumer fiscalization (issue 30, decision 031):
 * - `company.kind`: BUSINESS (every existing client) or CONSUMER (a private person);
 * - `fiscal_document.zki` / `.jir`: for a document reported with `RacunZahtjev` (kind RACUN), the
 *   protective code computed when it was issued and the JIR the Tax Administration answered.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('company').addColumn('kind', 'text', (c) => c.notNull().defaultTo('BUSINESS')).execute();
  await db.schema.alterTable('fiscal_document').addColumn('zki', 'text').execute();
  await db.schema.alterTable('fiscal_document').addColumn('jir', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('fiscal_document').dropColumn('jir').execute();
  await db.schema.alterTable('fiscal_document').dropColumn('zki').execute();
  await db.schema.alterTable('company').dropColumn('kind').execute();
}

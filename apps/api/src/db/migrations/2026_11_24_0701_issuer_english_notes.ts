import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * English variants of the issuer's invoice footnote and footer, printed on invoices in English
 * (foreign clients); empty means the Croatian text is printed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('issuer').addColumn('default_footnote_en', 'text').execute();
  await db.schema.alterTable('issuer').addColumn('footer_text_en', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('issuer').dropColumn('footer_text_en').execute();
  await db.schema.alterTable('issuer').dropColumn('default_footnote_en').execute();
}

import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * Login throttling counts attempts (not only failures) before the password is hashed, per account
 * AND per client address. One row per (scope, subject): scope `account` (the lower-cased e-mail
 * typed) or `address` (the client's IP). The old per-username table held only short-lived counts,
 * so it is replaced rather than converted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_throttle').execute();
  await db.schema
    .createTable('login_throttle')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .addColumn('blocked_until', 'text')
    .addPrimaryKeyConstraint('login_throttle_pk', ['scope', 'subject'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_throttle').execute();
  await db.schema
    .createTable('login_throttle')
    .addColumn('username', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .addColumn('blocked_until', 'text')
    .execute();
}

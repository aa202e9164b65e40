import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * Sign-in throttling counts FAILURES, and separately the attempts still running (issue 27, item 5;
 * decision 006): a running attempt holds a place so a burst cannot run more guesses than the allowance
 * has left, but it no longer counts as a failure, so concurrent correct sign-ins all succeed. A third
 * scope, `device`, counts the failures of one device cookie (OWASP's scheme). `account` names the
 * account a row concerns (scopes `account` and `device`), so `npm run operator -- unlock --email`
 * finds them. The table held only short-lived counts, so it is replaced rather than converted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_throttle').execute();
  await db.schema
    .createTable('login_throttle')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('account', 'text')
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('window_started_at', 'text', (c) => c.notNull())
    .addColumn('blocked_until', 'text')
    .addColumn('running', 'integer', (c) => c.notNull())
    .addColumn('running_until', 'text')
    .addColumn('verdict', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_throttle_pk', ['scope', 'subject'])
    .execute();
  await db.schema.createIndex('login_throttle_account').on('login_throttle').column('account').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
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

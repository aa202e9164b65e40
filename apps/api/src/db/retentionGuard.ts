import { type RawBuilder, sql } from 'kysely';
import type { DialectName } from './dialect';

/*
 * The database's own guard of received originals (issue 46, decision 036), one trigger set per
 * dialect, so that no code path (a bug, a script, a hand in the SQL console) can lose what the law
 * says must be kept:
 * - a `received_document` row, or its `received_document_file` row, cannot be deleted while its
 *   `retained_until` (a day, `YYYY-MM-DD`) is today or later (the database's day, UTC);
 * - `received_document_file` is never updated: the original bytes are never rewritten;
 * - `received_document.sha256`, `byte_size` and `retained_until` cannot be changed, except for
 *   lengthening the retention, so the guard cannot be talked out of itself.
 * Each refusal names `RETENTION_GUARD` in its message (`isRetentionGuard`). PostgreSQL's trigger
 * functions are named `faktura_…`: the restore drops them with the tables (`backup.ts`).
 */
export const RETENTION_GUARD = 'RETENTION_GUARD';

const SQLITE = [
  `CREATE TRIGGER received_document_keep_delete BEFORE DELETE ON received_document
   WHEN OLD.retained_until >= date('now')
   BEGIN SELECT RAISE(ABORT, '${RETENTION_GUARD}: a received document is kept until its retained_until'); END`,
  `CREATE TRIGGER received_document_keep_update BEFORE UPDATE OF sha256, byte_size, retained_until ON received_document
   WHEN NEW.sha256 IS NOT OLD.sha256 OR NEW.byte_size IS NOT OLD.byte_size OR NEW.retained_until < OLD.retained_until
   BEGIN SELECT RAISE(ABORT, '${RETENTION_GUARD}: a received document''s hash, size and retention are not changed'); END`,
  `CREATE TRIGGER received_document_file_keep_delete BEFORE DELETE ON received_document_file
   WHEN (SELECT retained_until FROM received_document WHERE id = OLD.document_id) >= date('now')
   BEGIN SELECT RAISE(ABORT, '${RETENTION_GUARD}: a received original is kept until its retained_until'); END`,
  `CREATE TRIGGER received_document_file_keep_update BEFORE UPDATE ON received_document_file
   BEGIN SELECT RAISE(ABORT, '${RETENTION_GUARD}: a received original is never rewritten'); END`,
];

const POSTGRES = [
  `CREATE FUNCTION faktura_received_document_keep() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'DELETE' THEN
       IF OLD.retained_until >= to_char(current_date, 'YYYY-MM-DD') THEN
         RAISE EXCEPTION '${RETENTION_GUARD}: a received document is kept until its retained_until' USING ERRCODE = 'integrity_constraint_violation';
       END IF;
       RETURN OLD;
     END IF;
     IF NEW.sha256 IS DISTINCT FROM OLD.sha256 OR NEW.byte_size IS DISTINCT FROM OLD.byte_size OR NEW.retained_until < OLD.retained_until THEN
       RAISE EXCEPTION '${RETENTION_GUARD}: a received document''s hash, size and retention are not changed' USING ERRCODE = 'integrity_constraint_violation';
     END IF;
     RETURN NEW;
   END $$`,
  `CREATE FUNCTION faktura_received_file_keep() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP = 'UPDATE' THEN
       RAISE EXCEPTION '${RETENTION_GUARD}: a received original is never rewritten' USING ERRCODE = 'integrity_constraint_violation';
     END IF;
     IF (SELECT retained_until FROM received_document WHERE id = OLD.document_id) >= to_char(current_date, 'YYYY-MM-DD') THEN
       RAISE EXCEPTION '${RETENTION_GUARD}: a received original is kept until its retained_until' USING ERRCODE = 'integrity_constraint_violation';
     END IF;
     RETURN OLD;
   END $$`,
  `CREATE TRIGGER received_document_keep BEFORE UPDATE OR DELETE ON received_document FOR EACH ROW EXECUTE FUNCTION faktura_received_document_keep()`,
  `CREATE TRIGGER received_document_file_keep BEFORE UPDATE OR DELETE ON received_document_file FOR EACH ROW EXECUTE FUNCTION faktura_received_file_keep()`,
  // TRUNCATE fires no row trigger: refused outright on both tables
  `CREATE FUNCTION faktura_received_no_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     RAISE EXCEPTION '${RETENTION_GUARD}: received documents are not truncated' USING ERRCODE = 'integrity_constraint_violation';
   END $$`,
  `CREATE TRIGGER received_document_no_truncate BEFORE TRUNCATE ON received_document FOR EACH STATEMENT EXECUTE FUNCTION faktura_received_no_truncate()`,
  `CREATE TRIGGER received_document_file_no_truncate BEFORE TRUNCATE ON received_document_file FOR EACH STATEMENT EXECUTE FUNCTION faktura_received_no_truncate()`,
];

export function retentionGuardStatements(dialect: DialectName): RawBuilder<unknown>[] {
  return (dialect === 'postgres' ? POSTGRES : SQLITE).map((text) => sql.raw(text));
}

export function dropRetentionGuard(dialect: DialectName): RawBuilder<unknown>[] {
  const statements =
    dialect === 'postgres'
      ? [
          'DROP TRIGGER IF EXISTS received_document_file_no_truncate ON received_document_file',
          'DROP TRIGGER IF EXISTS received_document_no_truncate ON received_document',
          'DROP TRIGGER IF EXISTS received_document_file_keep ON received_document_file',
          'DROP TRIGGER IF EXISTS received_document_keep ON received_document',
          'DROP FUNCTION IF EXISTS faktura_received_no_truncate()',
          'DROP FUNCTION IF EXISTS faktura_received_file_keep()',
          'DROP FUNCTION IF EXISTS faktura_received_document_keep()',
        ]
      : ['received_document_file_keep_update', 'received_document_file_keep_delete', 'received_document_keep_update', 'received_document_keep_delete'].map(
          (name) => `DROP TRIGGER IF EXISTS ${name}`,
        );
  return statements.map((text) => sql.raw(text));
}

/** Whether a statement was refused by the guard above, in either database. */
export function isRetentionGuard(error: unknown): boolean {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.includes(RETENTION_GUARD);
}

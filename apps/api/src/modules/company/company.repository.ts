import type { ClientKind, CompanyRole, ContractType } from '@faktura/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import type { CompanyTable, ContractTable } from '../../db/schema';
import { nowIso } from '../../db/time';

export type CompanyRow = Selectable<CompanyTable>;
export type ContractRow = Selectable<ContractTable>;

export interface CompanyValues {
  email: string;
  pin: string | null;
  phone: string | null;
  note: string | null;
  bankAccountNumber: string | null;
  /** Undefined on an update: left as stored. */
  receivesEInvoices?: boolean | undefined;
  /** Undefined on an update: left as stored (a new client is a business). */
  kind?: ClientKind | undefined;
  /** Undefined: left as stored (a new record is a client). */
  isClient?: boolean | undefined;
}

export interface ContractValues {
  id?: number | undefined;
  type: ContractType;
  paymentDueDays: number;
}

const columns = (v: CompanyValues) => ({
  email: v.email,
  pin: v.pin,
  phone: v.phone,
  note: v.note,
  bank_account_number: v.bankAccountNumber,
  ...(v.receivesEInvoices === undefined ? {} : { receives_einvoices: v.receivesEInvoices ? 1 : 0 }),
  ...(v.kind === undefined ? {} : { kind: v.kind }),
  ...(v.isClient === undefined ? {} : { is_client: v.isClient ? 1 : 0 }),
});

export function listCompanies(db: Db, role: CompanyRole = 'all'): Promise<CompanyRow[]> {
  let query = db.selectFrom('company').selectAll();
  if (role === 'client') query = query.where('is_client', '=', 1);
  if (role === 'supplier') query = query.where('supplier_oib', 'is not', null);
  return query.orderBy('name').orderBy('id').execute();
}

/** The record that stands for the supplier with this OIB. */
export async function supplierByOib(db: Db, oib: string): Promise<number | undefined> {
  const row = await db.selectFrom('company').select('id').where('supplier_oib', '=', oib).executeTakeFirst();
  return row?.id;
}

/** The first business client with this OIB as its tax number (`12345678903` or `HR12345678903`) not yet a supplier. */
export async function clientByOib(db: Db, oib: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('company')
    .select('id')
    .where('supplier_oib', 'is', null)
    .where('kind', '=', 'BUSINESS')
    .where((eb) => eb.or([eb('pin', '=', oib), eb('pin', '=', `HR${oib}`), eb('pin', '=', `hr${oib}`)]))
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

/** Marks the record as the supplier with this OIB (nothing else of it changes); false when another write got there first. */
export async function markSupplier(db: Db, id: number, oib: string): Promise<boolean> {
  const result = await db.updateTable('company').set({ supplier_oib: oib }).where('id', '=', id).where('supplier_oib', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A new record for a supplier (not a client); undefined when a record for this OIB was written by
 * another transaction at the same moment (the unique index: that one is the supplier's).
 */
export async function insertSupplier(
  db: Db,
  values: { name: string; oib: string; email: string; phone: string | null; addressId: number },
): Promise<number | undefined> {
  const now = nowIso();
  const row = await db
    .insertInto('company')
    .values({
      name: values.name, email: values.email, pin: values.oib, phone: values.phone, note: null, bank_account_number: null,
      address_id: values.addressId, kind: 'BUSINESS', is_client: 0, supplier_oib: values.oib, created_at: now, updated_at: now,
    })
    .onConflict((oc) => oc.column('supplier_oib').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export function findCompany(db: Db, id: number): Promise<CompanyRow | undefined> {
  return db.selectFrom('company').selectAll().where('id', '=', id).executeTakeFirst();
}

export function contractsOf(db: Db, companyIds: number[]): Promise<ContractRow[]> {
  if (companyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('contract')
    .selectAll()
    .where('company_id', 'in', companyIds)
    .orderBy('company_id')
    .orderBy('position')
    .execute();
}

export function insertCompany(
  db: Db,
  values: CompanyValues & { name: string; addressId: number },
): Promise<CompanyRow> {
  const now = nowIso();
  return db
    .insertInto('company')
    .values({ ...columns(values), name: values.name, address_id: values.addressId, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateCompany(db: Db, id: number, values: CompanyValues): Promise<CompanyRow | undefined> {
  return db
    .updateTable('company')
    .set({ ...columns(values), updated_at: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Makes the stored contracts equal the given list: rows with a known id are updated, new rows
 * inserted, rows no longer listed deleted. Invoices copy a contract's terms, so deleting is safe.
 */
export async function replaceContracts(db: Db, companyId: number, contracts: ContractValues[]): Promise<void> {
  const existing = await contractsOf(db, [companyId]);
  const existingIds = new Set(existing.map((c) => c.id));
  const keep = new Set<number>();
  for (const [position, contract] of contracts.entries()) {
    const values = { type: contract.type, payment_due_days: contract.paymentDueDays, position };
    if (contract.id !== undefined && existingIds.has(contract.id) && !keep.has(contract.id)) {
      keep.add(contract.id);
      await db.updateTable('contract').set(values).where('id', '=', contract.id).execute();
    } else {
      await db.insertInto('contract').values({ ...values, company_id: companyId }).execute();
    }
  }
  const gone = existing.filter((c) => !keep.has(c.id)).map((c) => c.id);
  if (gone.length > 0) await db.deleteFrom('contract').where('id', 'in', gone).execute();
}

export async function deleteCompany(db: Db, id: number): Promise<void> {
  await db.deleteFrom('company').where('id', '=', id).execute();
}

export async function countInvoices(db: Db, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('invoice')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('client_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Catalogue items that appear on this client's invoices. */
export function lineItemIdsUsedBy(db: Db, companyId: number): Promise<{ id: number }[]> {
  return db
    .selectFrom('invoice_line')
    .innerJoin('invoice', 'invoice.id', 'invoice_line.invoice_id')
    .select('invoice_line.line_item_id as id')
    .where('invoice.client_id', '=', companyId)
    .where('invoice_line.line_item_id', 'is not', null)
    .distinct()
    .$narrowType<{ id: number }>()
    .execute();
}

/** The client cannot receive e-invoices (issue 32: the intermediary found no address for it). */
export async function markNoEInvoices(db: Db, id: number): Promise<void> {
  await db.updateTable('company').set({ receives_einvoices: 0, updated_at: nowIso() }).where('id', '=', id).execute();
}

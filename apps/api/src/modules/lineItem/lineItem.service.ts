import { type CurrencyCode, type LineItem, type Unit, currencySymbol, fromCents, type lineItemInputSchema, toCents } from '@faktura/shared';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import * as repo from './lineItem.repository';

type LineItemInput = z.output<typeof lineItemInputSchema>;

/** A catalogue item in integer units (its price in cents), as the repository stores it. */
export interface LineItemValues {
  nameHr: string;
  nameEn: string | null;
  unitPriceCents: number;
  currencyCode: CurrencyCode;
  unit: Unit;
  /** KPD 2025 code (`62.20.20`), null while the item is not classified. */
  kpdCode: string | null;
}

export function toLineItem(row: repo.LineItemRow): LineItem {
  return {
    id: row.id,
    nameHr: row.name_hr,
    nameEn: row.name_en,
    unitPrice: fromCents(row.unit_price_cents),
    unitPriceCents: row.unit_price_cents,
    currency: { code: row.currency_code, symbol: currencySymbol(row.currency_code) },
    currencyCode: row.currency_code,
    unit: row.unit,
    kpdCode: row.kpd_code,
  };
}

function values(input: LineItemInput): LineItemValues {
  return {
    nameHr: input.nameHr,
    nameEn: input.nameEn,
    unitPriceCents: toCents(input.unitPrice),
    // the schema guarantees one of the two is present
    currencyCode: input.currencyCode ?? input.currency ?? 'EUR',
    unit: input.unit,
    kpdCode: input.kpdCode,
  };
}

export async function listLineItems(db: Db): Promise<LineItem[]> {
  return (await repo.listLineItems(db)).map(toLineItem);
}

export async function getLineItems(db: Db, ids: number[]): Promise<LineItem[]> {
  return (await repo.listLineItems(db, ids)).map(toLineItem);
}

export async function getLineItem(db: Db, id: number): Promise<LineItem> {
  const row = await repo.findLineItem(db, id);
  if (!row) throw new AppError('lineItemNotFound');
  return toLineItem(row);
}

export async function createLineItem(db: Db, input: LineItemInput): Promise<LineItem> {
  return addLineItem(db, values(input));
}

/** Adds an item to the catalogue from integer units (createLineItem's work; the demo seed's prices are cents). */
export async function addLineItem(db: Db, item: LineItemValues): Promise<LineItem> {
  return toLineItem(await repo.insertLineItem(db, item));
}

export async function updateLineItem(db: Db, id: number, input: LineItemInput): Promise<LineItem> {
  const row = await repo.updateLineItem(db, id, values(input));
  if (!row) throw new AppError('lineItemNotFound');
  return toLineItem(row);
}

export async function deleteLineItem(db: Db, id: number): Promise<void> {
  if (!(await repo.deleteLineItem(db, id))) throw new AppError('lineItemNotFound');
}

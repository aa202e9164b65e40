import { type Issuer, type Pos, type issuerInputSchema } from '@faktura/shared';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import { type Actor, changesBetween, record } from '../audit';
import { addressAuditFields, addressById, createAddress, updateAddress } from '../address';
import * as repo from './issuer.repository';

type IssuerInput = z.output<typeof issuerInputSchema>;

/** Numbering codes used until the operator sets their own. */
export const DEFAULT_POS: Pos = { premisesCode: 'POSL1', deviceCode: '1' };

export async function getIssuer(db: Db): Promise<Issuer | null> {
  const row = await repo.findIssuer(db);
  if (!row) return null;
  return toIssuer(row, row.address_id ? await addressById(db, row.address_id) : undefined);
}

/** The stored issuer row and its address as the contract's Issuer: the one mapping of the row. */
function toIssuer(row: repo.IssuerRow, address: Issuer['address'] | undefined): Issuer {
  return {
    name: row.name,
    oib: row.oib,
    vatNumber: `HR${row.oib}`,
    address: address ?? null,
    email: row.email,
    phone: row.phone,
    iban: row.iban,
    swift: row.swift,
    inVatSystem: row.in_vat_system === 1,
    defaultFootnote: row.default_footnote,
    footerText: row.footer_text,
    defaultFootnoteEn: row.default_footnote_en,
    footerTextEn: row.footer_text_en,
    premisesCode: row.premises_code,
    deviceCode: row.device_code,
    einvoiceProfile: row.einvoice_profile,
    flatRate: row.flat_rate === 1,
  };
}

/**
 * Saves the issuing company and its address in one transaction. The address row is updated in
 * place unless a client also uses it; then the company gets a new row and the client keeps theirs.
 */
export async function saveIssuer(
  db: Db,
  input: IssuerInput,
  actor: Actor,
): Promise<Issuer> {
  await db.transaction().execute(async (trx) => {
    const existing = await repo.findIssuer(trx);
    // left out, the saved choice stays; either way never together with the VAT system
    const flatRate = input.flatRate ?? existing?.flat_rate === 1;
    if (flatRate && input.inVatSystem) {
      throw new AppError('validation', { messageKey: 'validation.flatRateInVat', field: input.flatRate === undefined ? 'inVatSystem' : 'flatRate' });
    }
    const before = await auditedIssuer(trx, existing);
    let addressId = existing?.address_id ?? null;
    if (addressId !== null && !(await repo.addressUsedByClients(trx, addressId))) {
      await updateAddress(trx, addressId, input.address);
    } else {
      addressId = (await createAddress(trx, input.address)).id;
    }
    await repo.saveIssuer(trx, {
      name: input.name,
      oib: input.oib,
      address_id: addressId,
      email: input.email,
      phone: input.phone,
      iban: input.iban,
      swift: input.swift,
      in_vat_system: input.inVatSystem ? 1 : 0,
      default_footnote: input.defaultFootnote,
      footer_text: input.footerText,
      default_footnote_en: input.defaultFootnoteEn,
      footer_text_en: input.footerTextEn,
      // left out, the saved choice stays (the column defaults to P1 for a new company)
      einvoice_profile: input.einvoiceProfile,
      flat_rate: flatRate ? 1 : 0,
    });
    const changes = changesBetween(before, await auditedIssuer(trx, await repo.findIssuer(trx)));
    if (Object.keys(changes).length > 0)
      await record(trx, actor, { action: 'issuer.changed', details: { changes } });
  });
  const issuer = await getIssuer(db);
  if (!issuer) throw new Error('issuer vanished after saving');
  return issuer;
}

/**
 * The issuer as a report's head names it (name, OIB, address on one line) and how it is taxed; null
 * before the company is entered.
 */
export async function issuerForReports(db: Db): Promise<{ name: string; oib: string; address: string; flatRate: boolean; inVatSystem: boolean } | null> {
  const issuer = await getIssuer(db);
  if (!issuer) return null;
  const a = issuer.address;
  const address = a ? [a.address1, [a.zip, a.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '';
  return { name: issuer.name, oib: issuer.oib, address, flatRate: issuer.flatRate, inVatSystem: issuer.inVatSystem };
}

/** Whether the issuer is in the VAT system (one read, without its address); 409 before it is entered. */
export async function issuerInVatSystem(db: Db): Promise<boolean> {
  const row = await repo.findIssuer(db);
  if (!row) throw new AppError('issuerMissing');
  return row.in_vat_system === 1;
}

/** The issuer's name and e-mail, which an e-mail is sent in (one read); undefined before it is entered. */
export async function issuerSender(db: Db): Promise<{ name: string; email: string | null } | undefined> {
  const row = await repo.findIssuer(db);
  return row ? { name: row.name, email: row.email } : undefined;
}

/** The numbering codes (premises and device) in force: the issuer's, or the defaults before it is entered. */
export async function getPos(db: Db): Promise<Pos> {
  const row = await repo.findIssuer(db);
  return row ? { premisesCode: row.premises_code, deviceCode: row.device_code } : DEFAULT_POS;
}

/** The codes live on the issuer's row, so the company must be entered first (409 otherwise). */
export async function savePos(db: Db, pos: Pos, actor: Actor): Promise<Pos> {
  await db.transaction().execute(async (trx) => {
    const before = await getPos(trx);
    if (!(await repo.savePos(trx, pos.premisesCode.toUpperCase(), pos.deviceCode))) {
      throw new AppError('issuerMissing');
    }
    const changes = changesBetween({ ...before }, { ...(await getPos(trx)) });
    if (Object.keys(changes).length > 0)
      await record(trx, actor, { action: 'numbering.changed', details: { changes } });
  });
  return getPos(db);
}

/** The issuer's fields as the audit trail compares them (the address flattened, no timestamps). */
async function auditedIssuer(db: Db, row: repo.IssuerRow | undefined): Promise<Record<string, unknown>> {
  if (!row) return {};
  const issuer = toIssuer(row, row.address_id ? await addressById(db, row.address_id) : undefined);
  const { address } = issuer;
  return {
    name: issuer.name,
    oib: issuer.oib,
    ...addressAuditFields(address ?? undefined),
    email: issuer.email,
    phone: issuer.phone,
    iban: issuer.iban,
    swift: issuer.swift,
    inVatSystem: issuer.inVatSystem,
    defaultFootnote: issuer.defaultFootnote,
    footerText: issuer.footerText,
    einvoiceProfile: issuer.einvoiceProfile,
    flatRate: issuer.flatRate,
  };
}

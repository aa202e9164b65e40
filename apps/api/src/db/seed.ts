import { addDays, invoiceCreateSchema, toCents, todayInZagreb } from '@faktura/shared';
import {
  SAMPLE_CLIENT_KINDS,
  SAMPLE_ITEM_KINDS,
  demoIssuerInput,
  sampleClientInput,
  sampleItemInput,
  sampleLine,
} from '@faktura/shared/samples';
import type { Db } from './connection';
import { lockForStartup } from './dialect';
import { nowIso } from './time';
import { createAddress } from '../modules/address';
import { type ClientInput, addClient } from '../modules/company';
import { createInvoice } from '../modules/invoice';
import { type LineItemValues, addLineItem } from '../modules/lineItem';

/** The demo operator's OIB: valid check digit, belonging to no one. */
export const DEMO_OPERATOR_OIB = '24680135792';

/**
 * A believable Croatian demo (FAKTURA_DEMO=1): the issuing company, Croatian and foreign clients
 * with contracts, a private person (decision 031), and catalogue items in EUR and USD: the shared
 * samples (`@faktura/shared/samples`), which the tests use too. The OIBs and IBANs carry valid check
 * digits but belong to no one. Processes started together agree on one seeding: the check and the
 * inserts run in one transaction under a start-up lock, so the second finds the data and adds
 * nothing. The one that seeded then adds the demo's draft (`seedDemoDraft`).
 */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockForStartup(trx, 'faktura.seedDemo');
    const hasData = await trx.selectFrom('company').select('id').limit(1).executeTakeFirst();
    const hasIssuer = await trx.selectFrom('issuer').select('id').executeTakeFirst();
    if (hasData || hasIssuer) return false;
    const issuer = demoIssuerInput();
    const home = await createAddress(trx, issuer.address);
    await trx
      .insertInto('issuer')
      .values({
        id: 1,
        name: issuer.name,
        oib: issuer.oib,
        address_id: home.id,
        email: issuer.email,
        phone: issuer.phone,
        iban: issuer.iban,
        swift: issuer.swift,
        in_vat_system: issuer.inVatSystem ? 1 : 0,
        default_footnote: issuer.defaultFootnote,
        footer_text: issuer.footerText,
        default_footnote_en: issuer.defaultFootnoteEn,
        footer_text_en: issuer.footerTextEn,
        premises_code: 'POSL1',
        device_code: '1',
        updated_at: nowIso(),
      })
      .execute();

    const clients = SAMPLE_CLIENT_KINDS.map((kind) => {
      const { kind: clientKind, name, email, pin, phone, bankAccountNumber, address, contracts } = sampleClientInput(kind);
      return { kind: clientKind, name, email, pin, phone, bankAccountNumber, note: null, address, contracts };
    }) satisfies ClientInput[];
    // each as a client created in Settings: its address, the client, its contracts
    for (const client of clients) await addClient(trx, client);

    const items = SAMPLE_ITEM_KINDS.map((kind) => {
      const { nameHr, nameEn, unitPrice, currency, unit, kpdCode } = sampleItemInput(kind);
      return { nameHr, nameEn, unitPriceCents: toCents(unitPrice), currencyCode: currency, unit, kpdCode };
    }) satisfies LineItemValues[];
    for (const item of items) await addLineItem(trx, item);
    // the demo's operators issue e-invoices to its Croatian business clients, which name the
    // operator's OIB (an operator who has entered none cannot issue them)
    await trx.updateTable('operator').set({ oib: DEMO_OPERATOR_OIB }).where('oib', 'is', null).execute();
    return true;
  });
}

/**
 * The demo's invoice, once `seedDemo` has added its records: a draft to the private person, a month
 * of website maintenance by bank transfer. A draft, since issuing it fiscalizes it with ZKI and JIR,
 * which needs the certificate and settings a demo cannot have. Made by the first operator, as "Save
 * as draft" would; nothing without an operator, a private person or the item.
 */
export async function seedDemoDraft(db: Db): Promise<void> {
  const operator = await db.selectFrom('operator').select(['id', 'name']).orderBy('id').executeTakeFirst();
  const client = await db.selectFrom('company').select('id').where('kind', '=', 'CONSUMER').orderBy('id').executeTakeFirst();
  const maintenance = sampleItemInput('maintenance');
  const item = await db.selectFrom('line_item').select('id').where('name_hr', '=', maintenance.nameHr).executeTakeFirst();
  if (!operator || !client || !item) return;
  const today = todayInZagreb();
  const input = invoiceCreateSchema.parse({
    clientId: client.id,
    deliveryDate: today,
    paymentDueDate: addDays(today, 8),
    paymentMethod: 'WIRE',
    lineItems: [
      sampleLine({ id: item.id, description: maintenance.nameHr, descriptionEn: maintenance.nameEn, price: maintenance.unitPrice, unit: maintenance.unit, kpdCode: maintenance.kpdCode }),
    ],
    draft: true,
  });
  await createInvoice(db, operator, input);
}

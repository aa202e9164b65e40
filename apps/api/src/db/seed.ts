import { toCents } from '@faktura/shared';
import { SAMPLE_CLIENT_KINDS, SAMPLE_ITEM_KINDS, demoIssuerInput, sampleClientInput, sampleItemInput } from '@faktura/shared/samples';
import type { Db } from './connection';
import { lockForStartup } from './dialect';
import { nowIso } from './time';
import { createAddress } from '../modules/address';
import { type ClientInput, addClient } from '../modules/company';
import { type LineItemValues, addLineItem } from '../modules/lineItem';

/**
 * A believable Croatian demo (FAKTURA_DEMO=1): the issuing company, Croatian and foreign clients
 * with contracts, and catalogue items in EUR and USD: the shared samples (`@faktura/shared/samples`),
 * which the tests use too. The OIBs and IBANs carry valid check digits but belong to no one.
 * Processes started together agree on one seeding: the check and the inserts run in one
 * transaction under a start-up lock, so the second finds the data and adds nothing.
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
      const { name, email, pin, phone, bankAccountNumber, address, contracts } = sampleClientInput(kind);
      return { name, email, pin, phone, bankAccountNumber, note: null, address, contracts };
    }) satisfies ClientInput[];
    // each as a client created in Settings: its address, the client, its contracts
    for (const client of clients) await addClient(trx, client);

    const items = SAMPLE_ITEM_KINDS.map((kind) => {
      const { nameHr, nameEn, unitPrice, currency, unit, kpdCode } = sampleItemInput(kind);
      return { nameHr, nameEn, unitPriceCents: toCents(unitPrice), currencyCode: currency, unit, kpdCode };
    }) satisfies LineItemValues[];
    for (const item of items) await addLineItem(trx, item);
    return true;
  });
}

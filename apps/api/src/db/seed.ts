import type { Db } from './connection';
import { lockForStartup } from './dialect';
import { nowIso } from './time';
import { createAddress } from '../modules/address';
import { type ClientInput, addClient } from '../modules/company';
import { type LineItemValues, addLineItem } from '../modules/lineItem';

/**
 * A believable Croatian demo (FAKTURA_DEMO=1): the issuing company, Croatian and foreign clients
 * with contracts, and catalogue items in EUR and USD. The OIBs and IBANs carry valid check digits
 * but belong to no one. Processes started together agree on one seeding: the check and the inserts
 * run in one transaction under a start-up lock, so the second finds the data and adds nothing.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockForStartup(trx, 'faktura.seedDemo');
    const hasData = await trx.selectFrom('company').select('id').limit(1).executeTakeFirst();
    const hasIssuer = await trx.selectFrom('issuer').select('id').executeTakeFirst();
    if (hasData || hasIssuer) return false;
    const home = await createAddress(trx, {
      address1: 'Ilica 42', address2: null, city: 'Zagreb', zip: '10000', state: 'Grad Zagreb', countryCode: 'HR',
    });
    await trx
      .insertInto('issuer')
      .values({
        id: 1,
        name: 'Kodni Obrt Ivana Horvat',
        oib: '69814562369',
        address_id: home.id,
        email: 'ivana@kodni-obrt.hr',
        phone: '+385 91 234 5678',
        iban: 'HR6023600001101234567',
        swift: 'ZABAHR2X',
        in_vat_system: 1,
        default_footnote: 'Hvala na povjerenju!',
        footer_text: 'Kodni Obrt, vl. Ivana Horvat · Ilica 42, 10000 Zagreb · OIB 69814562369',
        default_footnote_en: 'Thank you for your business!',
        footer_text_en: 'Kodni Obrt, owner Ivana Horvat · Ilica 42, 10000 Zagreb, Croatia · TIN (OIB) 69814562369',
        premises_code: 'POSL1',
        device_code: '1',
        updated_at: nowIso(),
      })
      .execute();

    const clients = [
      {
        name: 'Jadranski Softver d.o.o.', email: 'racuni@jadranski-softver.hr', pin: '33914072203', phone: '+385 21 555 010',
        bankAccountNumber: 'HR8124840081105514875', note: null,
        address: { address1: 'Obala kneza Branimira 12', address2: null, city: 'Split', zip: '21000', state: 'Splitsko-dalmatinska', countryCode: 'HR' },
        contracts: [{ type: 'SOW', paymentDueDays: 15 }, { type: 'RENT', paymentDueDays: 10 }],
      },
      {
        name: 'Slavonska Pekara j.d.o.o.', email: 'ured@slavonska-pekara.hr', pin: '88241270546', phone: null,
        bankAccountNumber: 'HR9825000091102345678', note: null,
        address: { address1: 'Trg Ante Starčevića 3', address2: '2. kat', city: 'Osijek', zip: '31000', state: null, countryCode: 'HR' },
        contracts: [{ type: 'SUBCONTRACT', paymentDueDays: 30 }],
      },
      {
        name: 'Nordlicht Digital GmbH', email: 'billing@nordlicht.example', pin: 'DE811907980', phone: '+49 30 1234567',
        bankAccountNumber: 'DE89370400440532013000', note: null,
        address: { address1: 'Friedrichstraße 100', address2: null, city: 'Berlin', zip: '10117', state: 'Berlin', countryCode: 'DE' },
        contracts: [{ type: 'SOW', paymentDueDays: 30 }],
      },
      {
        name: 'Bluewater Analytics LLC', email: 'ap@bluewater.example', pin: '84-1234567', phone: '+1 415 555 0199',
        bankAccountNumber: null, note: null,
        address: { address1: '500 Market Street', address2: 'Suite 300', city: 'San Francisco', zip: '94105', state: 'CA', countryCode: 'US' },
        contracts: [{ type: 'SOW', paymentDueDays: 45 }],
      },
    ] satisfies ClientInput[];
    // each as a client created in Settings: its address, the client, its contracts
    for (const client of clients) await addClient(trx, client);

    const items = [
      { nameHr: 'Razvoj softvera', nameEn: 'Software development', unitPriceCents: 4500, currencyCode: 'EUR', unit: 'HOURLY', kpdCode: '62.10.11' },
      { nameHr: 'Savjetovanje', nameEn: 'Consulting', unitPriceCents: 6000, currencyCode: 'EUR', unit: 'HOURLY', kpdCode: '62.20.20' },
      { nameHr: 'Održavanje web stranice (mjesečno)', nameEn: 'Website maintenance (monthly)', unitPriceCents: 25000, currencyCode: 'EUR', unit: 'SINGLE', kpdCode: '62.20.30' },
      { nameHr: 'Najam poslovnog prostora', nameEn: 'Office space rent', unitPriceCents: 80000, currencyCode: 'EUR', unit: 'SINGLE', kpdCode: '68.20.02' },
      { nameHr: 'Razvoj softvera (USD)', nameEn: 'Software development', unitPriceCents: 5500, currencyCode: 'USD', unit: 'HOURLY', kpdCode: '62.10.11' },
      { nameHr: 'Revizija koda', nameEn: 'Code review', unitPriceCents: 120000, currencyCode: 'USD', unit: 'SINGLE', kpdCode: '62.20.20' },
    ] satisfies LineItemValues[];
    for (const item of items) await addLineItem(trx, item);
    return true;
  });
}

import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time */
/**
 * Issue-time snapshots get a versioned shape of their own (v 1, decision 016). The first snapshots
 * were whole table rows (`{ ...row, address }`): this keeps, field by field, what an invoice says
 * about its client and issuer, and drops what it never said (row ids, timestamps, the client's
 * internal note, phone and bank account, the issuer's numbering codes, which the invoice row holds).
 * The conversion is written out here, not imported, so that later changes to the live builder
 * cannot change what this migration does.
 */
const BATCH = 500;

type Json = Record<string, unknown>;
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function address(raw: unknown): Json | null {
  if (!raw || typeof raw !== 'object') return null;
  const a = raw as Json;
  return {
    address1: a.address1,
    address2: textOrNull(a.address2),
    zip: a.zip,
    city: a.city,
    state: textOrNull(a.state),
    country_code: a.country_code,
  };
}

export function clientV1(raw: Json): Json {
  if (raw.v === 1) return raw;
  return { v: 1, name: raw.name, pin: textOrNull(raw.pin), email: textOrNull(raw.email), address: address(raw.address) };
}

export function issuerV1(raw: Json): Json {
  if (raw.v === 1) return raw;
  return {
    v: 1,
    name: raw.name,
    oib: raw.oib,
    email: textOrNull(raw.email),
    phone: textOrNull(raw.phone),
    iban: textOrNull(raw.iban),
    swift: textOrNull(raw.swift),
    in_vat_system: raw.in_vat_system === 1 || raw.in_vat_system === true,
    default_footnote: textOrNull(raw.default_footnote),
    footer_text: textOrNull(raw.footer_text),
    default_footnote_en: textOrNull(raw.default_footnote_en),
    footer_text_en: textOrNull(raw.footer_text_en),
    address: address(raw.address),
    // snapshots taken before the profile existed were issued under the default business process
    einvoice_profile: typeof raw.einvoice_profile === 'string' && raw.einvoice_profile ? raw.einvoice_profile : 'P1',
  };
}

export async function up(db: Kysely<any>): Promise<void> {
  let after = 0;
  for (;;) {
    const rows: { id: number; client_snapshot: string | null; issuer_snapshot: string | null }[] = await db
      .selectFrom('invoice')
      .select(['id', 'client_snapshot', 'issuer_snapshot'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      if (row.client_snapshot === null && row.issuer_snapshot === null) continue;
      await db
        .updateTable('invoice')
        .set({
          client_snapshot: row.client_snapshot === null ? null : JSON.stringify(clientV1(JSON.parse(row.client_snapshot) as Json)),
          issuer_snapshot: row.issuer_snapshot === null ? null : JSON.stringify(issuerV1(JSON.parse(row.issuer_snapshot) as Json)),
        })
        .where('id', '=', row.id)
        .execute();
    }
    after = Number(rows[rows.length - 1]!.id);
  }
}

/** v 1 keeps every key the earlier readers used, with the same meaning: nothing to convert back. */
export async function down(): Promise<void> {}

import { addDays, todayInZagreb } from '@faktura/shared';
import { afterAll, beforeAll } from 'vitest';
import { type Harness, dataOf, signedInHarness } from './harness';

export const today = todayInZagreb();
export const daysAgo = (n: number) => addDays(today, -n);

/** Shared set-up for invoice tests: the issuer, three clients (HR, DE with VAT number, US) and a catalogue. */
export async function seedInvoiceWorld(h: Harness, token: string, inVatSystem = true) {
  const put = await h.request('PUT', '/api/v1/settings/issuer', {
    token,
    body: {
      name: 'Kodni Obrt', oib: '69814562369', email: 'ivana@kodni-obrt.hr', iban: 'HR6023600001101234567', swift: 'ZABAHR2X',
      inVatSystem, address: { address1: 'Ilica 42', city: 'Zagreb', zip: '10000', countryCode: 'HR' },
    },
  });
  if (put.statusCode !== 200) throw new Error(put.body);
  const client = async (name: string, countryCode: string, pin: string | null) =>
    dataOf<{ id: number }>(
      await h.request('POST', '/api/v1/company', {
        token,
        body: { name, email: 'x@example.com', pin, contracts: [{ type: 'SOW', paymentDueDays: 15 }], address: { address1: 'Street 1', city: 'City', zip: '1000', countryCode } },
      }),
    ).id;
  // each with its KPD 2025 code: Croatian business clients get e-invoices, which need one on every line
  const item = async (nameHr: string, unitPrice: number, currency: string, unit: string, kpdCode: string) =>
    dataOf<{ id: number }>(await h.request('POST', '/api/v1/lineItem', { token, body: { nameHr, nameEn: nameHr, unitPrice, currency, unit, kpdCode } })).id;
  return {
    hr: await client('Jadran d.o.o.', 'HR', '12345678903'),
    de: await client('Nordlicht GmbH', 'DE', 'DE811907980'),
    us: await client('Bluewater LLC', 'US', '84-1234567'),
    dev: await item('Razvoj softvera', 45, 'EUR', 'HOURLY', '62.10.11'),
    rent: await item('Najam prostora', 800, 'EUR', 'SINGLE', '68.20.02'),
    usd: await item('Code review', 1200, 'USD', 'SINGLE', '62.20.20'),
  };
}

export function line(id: number, price: number, quantity = 1, extra: Record<string, unknown> = {}) {
  return { id, quantity, description: `Stavka ${id}`, descriptionEn: null, price, unit: 'HOURLY', currency: 'EUR', discountPercent: 0, ...extra };
}

export function invoiceBody(clientId: number, lines: unknown[], extra: Record<string, unknown> = {}) {
  return {
    clientId, billingDate: daysAgo(2), deliveryDate: daysAgo(2), paymentDueDate: addDays(today, 13),
    paymentMethod: 'WIRE', referenceNumber: null, extraInfo: null, contractType: 'SOW', contractDueDays: 15, operatorId: 1,
    lineItems: lines, ...extra,
  };
}

export type InvoiceWorld = Awaited<ReturnType<typeof seedInvoiceWorld>>;

/**
 * A file's invoice tests in one line: before them, a signed-in harness on a fresh database with the
 * invoice world seeded; after them, closed. The fields are there once the tests run; `ready` hands
 * them to a file that keeps its own `h`, `token` and `w`.
 */
export function useInvoiceWorld(
  inVatSystem = true,
  ready?: (world: { h: Harness; token: string; w: InvoiceWorld }) => void,
): { h: Harness; token: string; w: InvoiceWorld } {
  const world = {} as { h: Harness; token: string; w: InvoiceWorld };
  beforeAll(async () => {
    Object.assign(world, await signedInHarness());
    world.w = await seedInvoiceWorld(world.h, world.token, inVatSystem);
    ready?.(world);
  });
  afterAll(async () => {
    await world.h.close();
  });
  return world;
}

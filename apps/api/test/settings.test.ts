import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, dataOf, errorsOf, signedInHarness } from './harness';

let h: Harness;
let token: string;
beforeAll(async () => ({ h, token } = await signedInHarness()));
afterAll(async () => {
  await h.close();
});

type Issuer = {
  name: string; oib: string; vatNumber: string; iban: string | null; swift: string | null; inVatSystem: boolean;
  address: { id: number; address1: string; city: string; country: string } | null; premisesCode: string; deviceCode: string;
  einvoiceProfile: string;
};
const profile = {
  name: 'Kodni Obrt Ivana Horvat', oib: '69814562369', email: 'ivana@kodni-obrt.hr', phone: '+385 91 234 5678',
  iban: 'HR60 2360 0001 1012 3456 7', swift: 'zabahr2x', inVatSystem: false,
  defaultFootnote: 'Hvala na povjerenju!', footerText: 'Kodni Obrt · Ilica 42 · Zagreb',
  address: { address1: 'Ilica 42', city: 'Zagreb', zip: '10000', countryCode: 'HR' },
};

describe('the issuing company (Settings > General)', () => {
  it('is empty until entered, then saved with its address and read back', async () => {
    expect(dataOf(await h.request('GET', '/api/v1/settings/issuer', { token }))).toBeNull();
    const saved = await h.request('PUT', '/api/v1/settings/issuer', { token, body: profile });
    expect(saved.statusCode).toBe(200);
    expect(dataOf<Issuer>(saved)).toMatchObject({
      name: 'Kodni Obrt Ivana Horvat', oib: '69814562369', vatNumber: 'HR69814562369', iban: 'HR6023600001101234567',
      swift: 'ZABAHR2X', inVatSystem: false, address: { address1: 'Ilica 42', country: 'Hrvatska' },
      premisesCode: 'POSL1', deviceCode: '1',
    });
    const again = await h.request('PUT', '/api/v1/settings/issuer', {
      token,
      body: { ...profile, inVatSystem: true, address: { ...profile.address, address1: 'Ilica 43' } },
    });
    const issuer = dataOf<Issuer>(again);
    expect(issuer).toMatchObject({ inVatSystem: true, address: { address1: 'Ilica 43' } });
    expect(issuer.address?.id).toBe(dataOf<Issuer>(saved).address?.id);
  });

  it('keeps English variants of the footnote and footer, empty meaning none', async () => {
    const saved = await h.request('PUT', '/api/v1/settings/issuer', {
      token,
      body: { ...profile, defaultFootnoteEn: ' Thank you for your business! ', footerTextEn: 'Kodni Obrt, owner Ivana Horvat' },
    });
    expect(saved.statusCode).toBe(200);
    expect(dataOf(saved)).toMatchObject({
      defaultFootnote: 'Hvala na povjerenju!', footerText: 'Kodni Obrt · Ilica 42 · Zagreb',
      defaultFootnoteEn: 'Thank you for your business!', footerTextEn: 'Kodni Obrt, owner Ivana Horvat',
    });
    expect(dataOf(await h.request('GET', '/api/v1/settings/issuer', { token }))).toMatchObject({ defaultFootnoteEn: 'Thank you for your business!' });
    const cleared = await h.request('PUT', '/api/v1/settings/issuer', { token, body: { ...profile, defaultFootnoteEn: '', footerTextEn: null } });
    expect(dataOf(cleared)).toMatchObject({ defaultFootnoteEn: null, footerTextEn: null });
    const tooLong = await h.request('PUT', '/api/v1/settings/issuer', { token, lang: 'en', body: { ...profile, footerTextEn: 'x'.repeat(501) } });
    expect(tooLong.statusCode).toBe(400);
    expect(errorsOf(tooLong)[0]).toMatchObject({ field: 'footerTextEn', reason: 'Exceeded maximum length of 500 characters' });
  });

  it('checks the OIB always, and IBAN, BIC and e-mail, changing nothing when refused', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ oib: '12345678900' }, 'oib', 'The TIN (OIB) is not valid (check digit does not match)'],
      [{ oib: '' }, 'oib', 'This field is required'],
      [{ iban: 'HR6023600001101234568' }, 'iban', 'The IBAN is not valid'],
      [{ iban: null }, 'iban', 'This field is required'],
      [{ swift: 'ZABA' }, 'swift', 'The SWIFT/BIC is not valid'],
      [{ email: 'ivana' }, 'email', 'Enter a valid e-mail address'],
      [{ address: { address1: 'Ilica 1', city: 'Zagreb', zip: '', countryCode: 'HR' } }, 'address.zip', 'This field is required'],
    ];
    const before = dataOf<Issuer>(await h.request('GET', '/api/v1/settings/issuer', { token }));
    for (const [change, field, reason] of cases) {
      const res = await h.request('PUT', '/api/v1/settings/issuer', { token, lang: 'en', body: { ...profile, ...change } });
      expect(res.statusCode, field).toBe(400);
      expect(errorsOf(res)).toContainEqual({ reason, code: 'validation', field });
    }
    expect(dataOf(await h.request('GET', '/api/v1/settings/issuer', { token }))).toEqual(before);
  });

  it('declares the e-invoice business process P1 until another is chosen, and keeps it when left out', async () => {
    // the company as the test before left it
    const company = { ...profile, inVatSystem: true, address: { ...profile.address, address1: 'Ilica 43' } };
    expect(dataOf<Issuer>(await h.request('GET', '/api/v1/settings/issuer', { token })).einvoiceProfile).toBe('P1');
    const chosen = await h.request('PUT', '/api/v1/settings/issuer', { token, body: { ...company, einvoiceProfile: 'P2' } });
    expect(chosen.statusCode).toBe(200);
    expect(dataOf<Issuer>(chosen).einvoiceProfile).toBe('P2');
    // an older client that does not know the field changes nothing about it
    const without = await h.request('PUT', '/api/v1/settings/issuer', { token, body: company });
    expect(dataOf<Issuer>(without).einvoiceProfile).toBe('P2');
    for (const value of ['P12', 'P99', 'P1']) {
      const res = await h.request('PUT', '/api/v1/settings/issuer', { token, body: { ...company, einvoiceProfile: value } });
      expect(dataOf<Issuer>(res).einvoiceProfile).toBe(value);
    }
    for (const value of ['P13', 'P0', 'p2', '', null]) {
      const res = await h.request('PUT', '/api/v1/settings/issuer', { token, lang: 'en', body: { ...company, einvoiceProfile: value } });
      expect(res.statusCode, String(value)).toBe(400);
      expect(errorsOf(res)).toContainEqual({
        reason: 'Choose one of the offered values',
        code: 'validation',
        field: 'einvoiceProfile',
      });
    }
    expect(dataOf<Issuer>(await h.request('GET', '/api/v1/settings/issuer', { token })).einvoiceProfile).toBe('P1');
  });

  it("keeps a client's address when the company moves off an address they share", async () => {
    const issuer = dataOf<Issuer>(await h.request('GET', '/api/v1/settings/issuer', { token }));
    const shared = issuer.address?.id;
    await h.request('POST', '/api/v1/company', { token, body: { name: 'Susjed d.o.o.', email: 's@susjed.hr', addressId: shared } });
    const moved = dataOf<Issuer>(
      await h.request('PUT', '/api/v1/settings/issuer', { token, body: { ...profile, address: { ...profile.address, address1: 'Vlaška 7' } } }),
    );
    expect(moved.address?.address1).toBe('Vlaška 7');
    expect(moved.address?.id).not.toBe(shared);
    const neighbour = dataOf<{ address1: string }>(await h.request('GET', `/api/v1/address/${shared}`, { token }));
    expect(neighbour.address1).toBe('Ilica 43');
  });
});

describe('invoice numbering codes (Settings > POS)', () => {
  it('reads, validates and saves premises and device codes', async () => {
    expect(dataOf(await h.request('GET', '/api/v1/settings/pos', { token }))).toEqual({ premisesCode: 'POSL1', deviceCode: '1' });
    const saved = await h.request('PUT', '/api/v1/settings/pos', { token, body: { premisesCode: 'ured2', deviceCode: '3' } });
    expect(dataOf(saved)).toEqual({ premisesCode: 'URED2', deviceCode: '3' });
    for (const body of [{ premisesCode: 'POSL 1', deviceCode: '1' }, { premisesCode: 'POSL1', deviceCode: '0' }, { premisesCode: 'POSL1', deviceCode: 'A' }]) {
      expect((await h.request('PUT', '/api/v1/settings/pos', { token, body })).statusCode).toBe(400);
    }
    expect(dataOf(await h.request('GET', '/api/v1/settings/pos', { token }))).toEqual({ premisesCode: 'URED2', deviceCode: '3' });
  });
});

describe('POS before the company exists', () => {
  it('asks for the company details first', async () => {
    const { h: fresh, token: freshToken } = await signedInHarness();
    try {
      const res = await fresh.request('PUT', '/api/v1/settings/pos', { token: freshToken, lang: 'en', body: { premisesCode: 'A1', deviceCode: '1' } });
      expect(res.statusCode).toBe(409);
      expect(errorsOf(res)[0]?.reason).toBe('First enter your company details (Settings > General)');
    } finally {
      await fresh.close();
    }
  });
});

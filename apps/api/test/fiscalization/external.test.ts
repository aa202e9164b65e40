import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toEInvoiceDocument } from '../../src/modules/invoice/einvoice/document';
import { readPkcs12 } from '../../src/modules/fiscalization/certificate';
import { fiscalizeEInvoices } from '../../src/modules/fiscalization/exchange';
import { OFFICIAL_ENDPOINTS } from '../../src/modules/fiscalization/transport';
import { CLIENTS, OPERATOR, issuerSnapshot, storedSources } from '../einvoice/fixtures';

/**
 * Opt-in: fiscalizes one made-up e-invoice in the Tax Administration's real TEST environment with
 * your demo certificate. It never runs in CI or by default: only when all of these are set —
 *   FAKTURA_FISCAL_TEST_P12       path of the demo certificate (.p12) with the OIB in its subject
 *   FAKTURA_FISCAL_TEST_PASSWORD  its password
 * and optionally FAKTURA_FISCAL_TEST_URL (default: the specification's TEST address) and
 * FAKTURA_FISCAL_TEST_CA (a PEM file to trust instead of FINA's bundle). The invoice is issued by the
 * certificate's own OIB to a made-up buyer, numbered so that it never repeats.
 */
const p12 = process.env.FAKTURA_FISCAL_TEST_P12;
const password = process.env.FAKTURA_FISCAL_TEST_PASSWORD;
const enabled = Boolean(p12 && password !== undefined);

describe.skipIf(!enabled)('the real TEST environment (opt-in: FAKTURA_FISCAL_TEST_P12 and FAKTURA_FISCAL_TEST_PASSWORD)', () => {
  it('accepts a signed e-invoice of the certificate owner', async () => {
    const credentials = readPkcs12(fs.readFileSync(p12 ?? ''), password ?? '');
    const seq = Math.floor(Date.now() / 1000) % 1_000_000;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zagreb' }).format(new Date());
    const sources = storedSources({
      seq, billingDate: today, deliveryDate: today, vatTreatment: 'DOMESTIC', client: CLIENTS.hr,
      issuer: issuerSnapshot({ oib: credentials.info.oib }),
      lines: [{ description: 'Test fiskalizacije', quantityMilli: 1_000, priceCents: 100, vatRateBp: 2_500, kpd: '62.01.11' }],
    });
    const doc = toEInvoiceDocument(sources, { operator: { ...OPERATOR, oib: credentials.info.oib }, creditedInvoice: null, pdf: null });
    const ca = process.env.FAKTURA_FISCAL_TEST_CA;
    const result = await fiscalizeEInvoices([doc], {
      endpoint: { url: process.env.FAKTURA_FISCAL_TEST_URL ?? OFFICIAL_ENDPOINTS.TEST, trustedCaPem: ca ? fs.readFileSync(ca, 'utf8') : null, timeoutMs: 30_000 },
      signer: { privateKeyPem: credentials.privateKeyPem, certificatePem: credentials.certificatePem },
    });
    expect({ status: result.status, code: result.errorCode, text: result.errorText }).toEqual({ status: 'FISCALIZED', code: null, text: null });
  }, 60_000);
});

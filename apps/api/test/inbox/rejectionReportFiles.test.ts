import { formatDate, paymentReportDeadline, todayInZagreb } from '@faktura/shared';
import { describe, expect, it } from 'vitest';
import { dataOf, errorsOf } from '../harness';
import { useInvoiceWorld } from '../invoiceFixtures';
import { pdfText } from '../pdfText';
import { addressedTo, importFiles, sampleBytes } from './inboxFixtures';

/**
 * Reports > "Odbijeni računi za prijavu" as files (issue 47): the CSV holds exactly the month's
 * rejections as the JSON lists them (always Croatian, semicolons, UTF-8 with BOM), and the PDF prints
 * the deadline, each rejection and the count in the reader's language.
 */
const world = useInvoiceWorld();
const OUR_OIB = '69814562369';
const today = todayInZagreb();
const month = today.slice(0, 7);
type Answer = { results: { id: number; outcome: string }[] };

async function kept(number: string, supplierName?: string): Promise<number> {
  let bytes = addressedTo(sampleBytes('hr/eRacun_PDV25.xml'), OUR_OIB, number);
  if (supplierName) bytes = Buffer.from(bytes.toString('utf8').replace(/(<cac:AccountingSupplierParty>[\s\S]*?<cbc:RegistrationName>)[^<]*/, `$1${supplierName}`), 'utf8');
  const [result] = dataOf<Answer>(await importFiles(world.h, world.token, [{ name: `${number}.xml`, bytes }])).results;
  expect(result?.outcome).toBe('IMPORTED');
  return result!.id;
}
const reject = async (id: number, type: string, reason: string) =>
  expect((await world.h.request('POST', `/api/v1/inbox/${String(id)}/reject`, { token: world.token, body: { type, reason } })).statusCode).toBe(200);
const file = (query: string, lang = 'hr') => world.h.request('GET', `/api/v1/reports/rejections${query}`, { token: world.token, lang });

describe('the rejections report as CSV and PDF', () => {
  it('the CSV has the month’s rejections, a formula-looking reason defused, in Croatian whatever the reader’s language', async () => {
    await reject(await kept('ODB-CSV-1'), 'U', 'Obračunat PDV 25 % umjesto 13 %; vidi "stavku 2"');
    await reject(await kept('ODB-CSV-2', '=HYPERLINK("x") d.o.o.'), 'N', '=1+1');
    await kept('ODB-CSV-3'); // received, not rejected: not in the report

    const res = await file(`.csv?month=${month}`, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`odbijanja-${month}.csv`);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = res.rawPayload.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    expect(header).toBe('Račun;Izdan;Dobavljač;OIB dobavljača;Odbijen;Vrsta;Opis vrste;Razlog;Prijava;Oznaka zahtjeva;Šifra greške');
    const json = dataOf<{ rows: { number: string; issueDate: string; supplierName: string; supplierOib: string | null }[] }>(await file(`?month=${month}`));
    expect(json.rows.map((r) => r.number)).toEqual(['ODB-CSV-1', 'ODB-CSV-2']);
    const [first, second] = json.rows;
    const day = formatDate(today, 'hr');
    expect(rows).toEqual([
      `ODB-CSV-1;${formatDate(first!.issueDate, 'hr')};${first!.supplierName};${first!.supplierOib};${day};U;Nepodudarnost koja utječe na porez;"Obračunat PDV 25 % umjesto 13 %; vidi ""stavku 2""";Prijavite sami;;`,
      `ODB-CSV-2;${formatDate(second!.issueDate, 'hr')};"'=HYPERLINK(""x"") d.o.o.";${second!.supplierOib};${day};N;Nepodudarnost koja ne utječe na porez;'=1+1;Prijavite sami;;`,
    ]);
    // another month has none
    const empty = await file('.csv?month=2020-01');
    expect(empty.rawPayload.toString('utf8').slice(1).split('\r\n').filter(Boolean)).toHaveLength(1);
  });

  it('the PDF prints the deadline, each rejection, the count and what is unreported, in Croatian and in English', async () => {
    const hr = await file(`.pdf?month=${month}`, 'hr');
    expect(hr.statusCode).toBe(200);
    expect(hr.headers['content-type']).toBe('application/pdf');
    expect(hr.headers['content-disposition']).toContain(`odbijanja-${month}.pdf`);
    const text = pdfText(hr.rawPayload);
    expect(text).toContain('Odbijeni primljeni računi za prijavu Poreznoj upravi');
    expect(text).toContain(`Prijaviti do ${formatDate(paymentReportDeadline(month), 'hr')}`);
    expect(text).toContain('ODB-CSV-1');
    expect(text).toContain('ODB-CSV-2');
    expect(text).not.toContain('ODB-CSV-3');
    expect(text).toContain('Ukupno: 2 odbijanja');
    expect(text).toContain('Neprijavljeno: 2');
    expect(text).toContain('Prijavite sami');

    const en = pdfText((await file(`.pdf?month=${month}&lang=en`)).rawPayload);
    expect(en).toContain(`Report by ${formatDate(paymentReportDeadline(month), 'en')}`);
    expect(en).toContain('Total: 2 rejections');
    expect(en).toContain('Report it yourself');

    const none = pdfText((await file('.pdf?month=2020-01')).rawPayload);
    expect(none).toContain('U ovom mjesecu nije odbijen nijedan primljeni račun.');
    expect(none).toContain('Ukupno: 0 odbijanja');
  });

  it('refuses a month that is not YYYY-MM for both files, in the reader’s language', async () => {
    const hr = await file('.csv?month=2026-13');
    expect(hr.statusCode).toBe(400);
    expect(errorsOf(hr)[0]).toMatchObject({ code: 'validation', field: 'month' });
    const en = await file('.pdf?month=studeni', 'en');
    expect(en.statusCode).toBe(400);
    expect(errorsOf(en)[0]?.reason).toContain('The month must be in the form YYYY-MM');
  });
});

import { OutsideRequestError, requestOutside } from '../../outside/https';

/**
 * The Croatian National Bank's exchange-rate list against the euro (`tecajn-eur/v3`): a GET of
 * `?datum-primjene=YYYY-MM-DD&valuta=USD` answers a JSON array with the list that applies on that
 * day, each currency one object whose rates are decimal-comma strings ("1,0856") in units of the
 * currency per 1 EUR. Over TLS, trusting the system's CAs unless `trustedCaPem` says otherwise (tests
 * and a user's own mirror), with a timeout; an answer is at most 256 KiB. The address is
 * FAKTURA_HNB_URL (`config.ts`), by default https://api.hnb.hr/tecajn-eur/v3.
 */

export interface HnbSource {
  url: string;
  /** PEM certificates to trust instead of the system's; null for the system's. */
  trustedCaPem: string | null;
  timeoutMs: number;
}

/** The middle rate of one currency as HNB's list gives it. */
export interface HnbRate {
  /** Exact, with a decimal point: "1.0856". */
  rate: string;
  appliesOn: string;
  listNumber: string;
}

/** HNB could not be asked or answered something that is not its list: the form falls back to typing. */
export class HnbUnavailable extends Error {
  constructor(readonly reason: 'network' | 'timeout' | 'tls' | 'http' | 'answer', detail: string) {
    super(`${reason}: ${detail}`);
    this.name = 'HnbUnavailable';
  }
}

const MAX_ANSWER_BYTES = 256 * 1024;

async function get(source: HnbSource, url: URL): Promise<{ status: number; body: string }> {
  try {
    return await requestOutside({
      url,
      method: 'GET',
      ...(source.trustedCaPem ? { ca: source.trustedCaPem } : {}),
      // a connection per request: a few a day, and a kept one the server has dropped would fail the next
      agent: false,
      headers: { Accept: 'application/json' },
      timeoutMs: source.timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
    });
  } catch (error) {
    if (!(error instanceof OutsideRequestError)) throw error;
    throw new HnbUnavailable(error.reason === 'tooLarge' ? 'answer' : error.reason, error.detail);
  }
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A rate as HNB writes it: digits, a decimal comma, up to six decimals (what an invoice's rate may hold). */
const HNB_RATE = /^\d{1,6},\d{1,6}$/;
/** The list of the last working day applies on a weekend or holiday: never older than this many days. */
const MAX_AGE_DAYS = 10;

const daysBetween = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/**
 * The currency's middle rate in the list that applies on `date`. Anything but a list that names the
 * currency with a well-formed rate, applying on that day or a few days before it, is `HnbUnavailable`.
 */
export async function hnbMiddleRate(source: HnbSource, currency: string, date: string): Promise<HnbRate> {
  const url = new URL(source.url);
  url.searchParams.set('datum-primjene', date);
  url.searchParams.set('valuta', currency);
  const { status, body } = await get(source, url);
  if (status !== 200) throw new HnbUnavailable('http', `HTTP ${status}`);
  let list: unknown;
  try {
    list = JSON.parse(body);
  } catch {
    throw new HnbUnavailable('answer', 'not JSON');
  }
  if (!Array.isArray(list)) throw new HnbUnavailable('answer', 'not a list');
  const entry: unknown = list.find((item: unknown) => {
    const row = item as Record<string, unknown> | null;
    return typeof row === 'object' && row !== null && (row.valuta === currency || row.sifra_valute === currency);
  });
  if (typeof entry !== 'object' || entry === null) throw new HnbUnavailable('answer', `no ${currency} in the list`);
  const { srednji_tecaj: middle, datum_primjene: appliesOn, broj_tecajnice: listNumber } = entry as Record<string, unknown>;
  if (typeof middle !== 'string' || !HNB_RATE.test(middle.trim())) throw new HnbUnavailable('answer', 'no middle rate');
  if (typeof appliesOn !== 'string' || !ISO_DAY.test(appliesOn)) throw new HnbUnavailable('answer', 'no date of the list');
  const age = daysBetween(appliesOn, date);
  if (!(age >= 0 && age <= MAX_AGE_DAYS)) throw new HnbUnavailable('answer', `a list of ${appliesOn} for ${date}`);
  const rate = middle.trim().replace(',', '.');
  if (Number(rate) <= 0) throw new HnbUnavailable('answer', 'a rate of zero');
  return { rate, appliesOn, listNumber: typeof listNumber === 'string' || typeof listNumber === 'number' ? String(listNumber) : '' };
}

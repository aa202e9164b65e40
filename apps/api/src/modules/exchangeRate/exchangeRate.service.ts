import type { ExchangeRate, ExchangeRateQuery } from '@faktura/shared';
import { AppError } from '../../http/errors';
import { type HnbSource, HnbUnavailable, hnbMiddleRate } from './hnb';

/** How many answers the cache keeps (a day and currency each); the oldest asked goes first. */
const CACHE_SIZE = 512;

/**
 * HNB's middle rates, each day and currency asked once per process: a published list never
 * changes, so an answer is kept; a failure is not (the next request asks again). In memory: what
 * counts is the rate an invoice stores (`eur_fx_rate`), and a restart costs one request per day asked.
 */
export class ExchangeRates {
  private readonly cache = new Map<string, ExchangeRate>();

  constructor(
    private readonly source: HnbSource,
    private readonly log: { warn: (details: object, message: string) => void },
  ) {}

  async middleRate({ currency, date }: ExchangeRateQuery): Promise<ExchangeRate> {
    const key = `${currency} ${date}`;
    const cached = this.cache.get(key);
    if (cached) {
      // the newest asked is the last to go
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    let answer;
    try {
      answer = await hnbMiddleRate(this.source, currency, date);
    } catch (error) {
      if (!(error instanceof HnbUnavailable)) throw error;
      this.log.warn({ currency, date, reason: error.message }, 'HNB exchange-rate list not available');
      throw new AppError('exchangeRateUnavailable');
    }
    const rate: ExchangeRate = { currency, date, source: 'HNB_MIDDLE', ...answer };
    this.cache.set(key, rate);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value ?? key);
    return rate;
  }
}

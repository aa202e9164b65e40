import type { SWRConfiguration } from 'swr';
import { ApiRequestError } from '../lib/apiError';
import { isSlowConnection } from '../lib/connection';
import { swrFetcher } from '../lib/http';

/** Data-fetching timings from the product spec (section 9), gentler on slow connections. */
export function swrOptions(slow: boolean = isSlowConnection()): SWRConfiguration {
  return {
    fetcher: swrFetcher,
    dedupingInterval: 2000,
    focusThrottleInterval: 5000,
    errorRetryInterval: slow ? 10_000 : 5000,
    // A 4xx (not found, invalid, forbidden) gives the same answer however often it is asked again.
    shouldRetryOnError: (error: Error) =>
      !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
  };
}

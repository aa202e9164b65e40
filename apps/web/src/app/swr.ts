import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type SWRConfiguration, useSWRConfig } from 'swr';
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

/**
 * After a language switch every cached answer is asked for again: the server writes amounts, country
 * names and reasons in the request's language, and SWR's keys do not include it.
 */
export function useRevalidateOnLanguageChange(): void {
  const { mutate } = useSWRConfig();
  const { i18n } = useTranslation();
  useEffect(() => {
    const onChange = () => void mutate(() => true);
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n, mutate]);
}

/** Lives inside SWRConfig so it revalidates the app's own cache. */
export function LanguageRevalidation(): null {
  useRevalidateOnLanguageChange();
  return null;
}

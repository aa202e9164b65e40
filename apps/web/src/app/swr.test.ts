import { describe, expect, it } from 'vitest';
import { isSlowConnection } from '../lib/connection';
import { ApiRequestError } from '../lib/apiError';
import { swrOptions } from './swr';

const withConnection = (connection: object | undefined) => ({ connection }) as unknown as Navigator;

describe('data fetching timings', () => {
  it('uses the spec intervals and waits longer between retries on slow connections', () => {
    expect(swrOptions(false)).toMatchObject({
      dedupingInterval: 2000,
      focusThrottleInterval: 5000,
      errorRetryInterval: 5000,
    });
    expect(swrOptions(true).errorRetryInterval).toBe(10_000);
  });

  it('recognises slow and data-saving connections', () => {
    expect(isSlowConnection(withConnection({ effectiveType: '3g' }))).toBe(true);
    expect(isSlowConnection(withConnection({ effectiveType: 'slow-2g' }))).toBe(true);
    expect(isSlowConnection(withConnection({ effectiveType: '4g', saveData: true }))).toBe(true);
    expect(isSlowConnection(withConnection({ effectiveType: '4g' }))).toBe(false);
    expect(isSlowConnection(withConnection(undefined))).toBe(false);
  });

  it('does not retry answers that will not change', () => {
    const retry = swrOptions(false).shouldRetryOnError as (error: Error) => boolean;
    expect(retry(new ApiRequestError(404, [{ reason: 'x', code: 'notFound' }]))).toBe(false);
    expect(retry(new ApiRequestError(503, [{ reason: 'x', code: 'internal' }]))).toBe(true);
    expect(retry(new ApiRequestError(0, [{ reason: 'x', code: 'network' }]))).toBe(true);
  });
});

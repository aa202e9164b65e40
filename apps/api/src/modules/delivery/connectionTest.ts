import { type DeliveryTestResult, type Language, translate } from '@faktura/shared';
import type { Unavailable } from './port';
import { type DeliveryDeps, requirePort } from './settings';

/**
 * "Test connection" (Settings > E-invoice delivery): the intermediary's ping, then a call that needs
 * the credentials. The answer names what failed in the reader's language — an address that does not
 * answer, a certificate not trusted, credentials refused (with the intermediary's own words) — and
 * never carries the password.
 */
export async function testDeliveryConnection(deps: DeliveryDeps, language: Language): Promise<DeliveryTestResult> {
  const { port, settings } = await requirePort(deps);
  const host = settings.baseUrl ? new URL(settings.baseUrl).host : '';
  const down = (failure: Unavailable, reachable: boolean): DeliveryTestResult => {
    const problem = failure.reason === 'tls' ? 'tls' : failure.reason === 'unexpected' ? 'unexpected' : 'unreachable';
    return {
      ok: false,
      reachable,
      authenticated: false,
      problem,
      reason: translate(language, `delivery.test.${problem}`, { host }),
      detail: failure.detail,
    };
  };
  const ping = await port.ping();
  if (ping.outcome !== 'ok') return down(ping, false);
  const check = await port.checkCredentials();
  if (check.outcome === 'unavailable') return down(check, true);
  if (check.outcome === 'refused') {
    return {
      ok: false,
      reachable: true,
      authenticated: false,
      problem: 'credentials',
      reason: translate(language, 'delivery.test.credentials', { host }),
      detail: check.detail,
    };
  }
  return { ok: true, reachable: true, authenticated: true, problem: null, reason: translate(language, 'delivery.test.ok', { host }), detail: null };
}

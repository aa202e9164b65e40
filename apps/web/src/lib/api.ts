import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { type Endpoint, type FileType, type RouteAnswer, type RouteInput, fileTypesOf, pathOf } from '@faktura/shared';
import { type DownloadOptions, type DownloadedFile, downloadFile, request } from './http';

/**
 * The web's one way to call the API, typed from the route contract: `api(endpoints.invoice.issue,
 * { params: { id } })` builds the path from the contract's table, sends the body the endpoint's
 * schema takes and gives back its typed answer. An endpoint that takes an Idempotency-Key gets one
 * (reused when the same submit is sent again); one whose body carries more than `data` (the invoice
 * list, the audit trail) gives the whole body. Only types come from the contract's schemas, so this
 * adds no zod to a screen.
 */

/** A call's input, optional when the endpoint needs nothing (no path parameter, no required body). */
type Args<E extends Endpoint> = object extends RouteInput<E> ? [input?: RouteInput<E>] : [input: RouteInput<E>];

interface LooseInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
}

/** The path of a call: the endpoint's with its parameters filled in and its query appended. */
export function apiPath<E extends Endpoint>(endpoint: E, ...[input]: Args<E>): string {
  const { params, query } = (input ?? {}) as LooseInput;
  return pathOf(endpoint, params, query);
}

/** Calls an endpoint with the operator's token, refreshing it once when it has expired. */
export function api<E extends Endpoint>(endpoint: E, ...[input]: Args<E>): Promise<RouteAnswer<E>> {
  const { params, query, body } = (input ?? {}) as LooseInput;
  return request<RouteAnswer<E>>(endpoint.method, pathOf(endpoint, params, query), {
    ...(body !== undefined ? { body } : {}),
    ...(endpoint.whole ? { whole: true } : {}),
    ...(endpoint.idempotent ? { idempotent: true } : {}),
  });
}

/**
 * Fetches a file endpoint (the PDF, the e-invoice XML) with the operator's token; `type` picks which
 * of an endpoint's media types is asked for when it answers more than one (the export's CSV or zip).
 */
export function download<E extends Endpoint & { file: FileType | readonly FileType[] }>(
  endpoint: E,
  input: RouteInput<E>,
  options: Omit<DownloadOptions, 'accept'> & { type?: FileType } = {},
): Promise<DownloadedFile> {
  const { params, query } = input as LooseInput;
  const { type, ...rest } = options;
  const types = fileTypesOf(endpoint);
  return downloadFile(pathOf(endpoint, params, query), { ...rest, accept: type && types.includes(type) ? type : types[0] });
}

type GetEndpoint = Endpoint & { method: 'GET' };

/**
 * The SWR key of a GET: its path, so every screen that reads the same thing shares one cache entry,
 * and a save can put its answer there (`mutate(apiKey(endpoints.settings.pos), saved)`).
 */
export function apiKey<E extends GetEndpoint>(endpoint: E, ...[input]: Args<E>): string {
  const { params, query } = (input ?? {}) as LooseInput;
  return pathOf(endpoint, params, query);
}

/** Reads started before their screen was there (`readEarly`), by SWR key, until the screen takes them. */
const early = new Map<string, { answer: Promise<unknown>; startedAt: number }>();

/** How long an early read may wait for its screen; older ones are dropped and the screen asks afresh. */
export const EARLY_READ_MAX_AGE_MS = 10_000;

/** A GET a screen starts with: its endpoint and input (readEarly sends it, and so does the boot script). */
export interface ScreenRead {
  endpoint: GetEndpoint;
  input?: LooseInput;
}

/** A screen's read of an endpoint, typed like a call: `screenRead(endpoints.dashboard.get, { query: { year } })`. */
export function screenRead<E extends GetEndpoint>(endpoint: E, ...[input]: Args<E>): ScreenRead {
  return { endpoint, ...(input ? { input: input as LooseInput } : {}) };
}

/** A read's path, which is also its SWR key. */
export function pathOfRead({ endpoint, input }: ScreenRead): string {
  return pathOf(endpoint, input?.params, input?.query);
}

/**
 * Starts a GET before the screen that shows it has loaded (main.tsx calls this at boot through the
 * page's `reads`, side by side with the screen's code and texts), so the answer is on its way while
 * they download; the boot script may already have sent it (lib/bootReads.ts), and then it is taken
 * instead of sent again. The screen's first `useApi` of the same key takes this request instead of
 * sending its own; a read nobody takes within EARLY_READ_MAX_AGE_MS is never used, so no screen
 * shows an old answer.
 */
export function readEarly(read: ScreenRead): void {
  const key = pathOfRead(read);
  const answer = request<unknown>('GET', key, { bootRead: true, ...(read.endpoint.whole ? { whole: true } : {}) });
  // Whoever takes it sees its failure; untaken, a failure must not surface as an unhandled rejection.
  answer.catch(() => undefined);
  early.set(key, { answer, startedAt: Date.now() });
}

/** The fetcher of an endpoint's SWR keys (whole bodies for the endpoints that answer more than data). */
export function fetcherOf<E extends GetEndpoint>(endpoint: E): (key: string) => Promise<RouteAnswer<E>> {
  return (key) => {
    const started = early.get(key);
    if (started) {
      early.delete(key);
      if (Date.now() - started.startedAt < EARLY_READ_MAX_AGE_MS) return started.answer as Promise<RouteAnswer<E>>;
    }
    return request<RouteAnswer<E>>('GET', key, endpoint.whole ? { whole: true } : {});
  };
}

/**
 * Reads a GET through SWR, keyed by its path. `null` instead of the input asks for nothing (a
 * screen still waiting for what it needs).
 */
export function useApi<E extends GetEndpoint>(
  endpoint: E,
  ...[input, config]: object extends RouteInput<E>
    ? [input?: RouteInput<E> | null, config?: SWRConfiguration]
    : [input: RouteInput<E> | null, config?: SWRConfiguration]
): SWRResponse<RouteAnswer<E>, Error> {
  const loose = input as LooseInput | null | undefined;
  const key = loose === null ? null : pathOf(endpoint, loose?.params, loose?.query);
  return useSWR<RouteAnswer<E>, Error>(key, fetcherOf(endpoint), config);
}

function keyPattern(endpoint: Endpoint): RegExp {
  const path = endpoint.path
    .split(/(:[A-Za-z]+)/)
    .map((part) => (part.startsWith(':') ? '[^/?]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${path}(\\?.*)?$`);
}

/**
 * Matches the SWR keys of these endpoints, whatever their parameters and query, for `mutate`:
 * `mutate(keysOf(endpoints.invoice.list, endpoints.dashboard.get))` revalidates every page of the
 * list and every year of the dashboard.
 */
export function keysOf(...endpoints: GetEndpoint[]): (key: unknown) => boolean {
  const patterns = endpoints.map(keyPattern);
  return (key) => typeof key === 'string' && patterns.some((pattern) => pattern.test(key));
}

import { type Token, endpoints } from '@faktura/shared';
import { ApiRequestError, retryAfterSeconds, unexplainedError } from './apiError';
import { apiHeaders, takeBootRead } from './bootReads';
import { currentLanguage } from './i18n';
import { clearProfile, getProfile, setToken } from './profileStore';

/** Sign-in sends no token; it and the refresh itself are never answered by a refresh. */
export const LOGIN_PATH = endpoints.auth.login.path;
export const REFRESH_PATH = endpoints.auth.refresh.path;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** Sent as JSON when present. */
  body?: unknown;
  /** Sent as multipart/form-data instead (the inbox's import of files); the browser sets the boundary. */
  form?: FormData;
  /** Return the whole `{ data, ... }` body instead of `data`. */
  whole?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * A state-changing call that must happen once (issuing an invoice): it carries an Idempotency-Key,
   * the same one when the same submit is sent again, so the server does the work only once.
   */
  idempotent?: boolean;
  /**
   * A GET of the first screen (lib/api.ts, readEarly): it takes the boot script's request of the same
   * path when that went with the same token and language (lib/bootReads.ts) instead of sending again.
   */
  bootRead?: boolean;
}

/** How often an idempotent call is sent again, with the same key, when no answer came back. */
const IDEMPOTENT_RETRIES = 2;
const RETRY_DELAY_MS = 400;

/**
 * Keys of submits that have had no answer yet, by method, path and body: when the operator submits
 * the same thing again after "no connection", it goes with the same key, and the server answers
 * what it did the first time instead of doing it twice. A submit that got an answer forgets its key.
 */
const unansweredKeys = new Map<string, string>();

/** 32 random hex digits. crypto.getRandomValues also works where randomUUID does not (plain HTTP). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function pathname(path: string): string {
  return path.split(/[?#]/, 1)[0] ?? path;
}

async function send(
  method: HttpMethod,
  path: string,
  options: RequestOptions,
  cryptogram?: string,
): Promise<Response> {
  // The server writes error reasons in the language asked for, so they can be shown as they are.
  const headers: Record<string, string> = { ...apiHeaders(currentLanguage(), cryptogram), ...options.headers };
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (options.signal) init.signal = options.signal;
  if (options.form) {
    init.body = options.form;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  try {
    return await fetch(path, init);
  } catch (error) {
    // An abort was asked for by the caller; it is not a failure to show the operator.
    if (options.signal?.aborted) throw error;
    throw unexplainedError(0, 'network');
  }
}

async function readJson(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw unexplainedError(0, 'network');
  }
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * 2xx gives `body.data` (or, with `whole`, the body itself, for answers such as the invoice list that
 * carry `filters` beside `data`); anything else becomes an ApiRequestError with the server's reasons.
 */
async function settle<T>(response: Response, whole = false): Promise<T> {
  const body = await readJson(response);
  if (response.ok) {
    if (response.status === 204) return undefined as T;
    if (body !== null && typeof body === 'object' && 'data' in body) return (whole ? body : body.data) as T;
    // A 2xx without our envelope (say, an HTML page from a proxy) is not an answer from our API.
    throw unexplainedError(response.status, 'unexpectedResponse');
  }
  const { errorBodySchema } = await import('./contract');
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success && parsed.data.errors.length > 0)
    throw new ApiRequestError(response.status, parsed.data.errors, retryAfterSeconds(response.headers.get('retry-after')));
  throw unexplainedError(response.status, 'unexpectedResponse');
}

// Every request that meets a 401 while a refresh is under way waits for that same refresh, so an
// expired token costs one refresh call however many requests were in flight.
let refreshing: Promise<Token> | null = null;

/**
 * Runs `work` while no other tab of the app runs it. The server treats a refresh cookie presented
 * twice as stolen and ends the sign-in, so two tabs must not refresh at once. Web Locks exist only
 * in secure contexts (HTTPS or localhost); without them tabs share the new token through storage.
 */
async function acrossTabs<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Partial<Navigator> | undefined)?.locks;
  return locks ? await locks.request('faktura.token-refresh', work) : await work();
}

async function refreshUnlessRenewed(refused: string | undefined): Promise<Token> {
  // Another tab (or an earlier refresh here) may already have stored a newer token.
  const current = getProfile()?.token;
  if (current && current.cryptogram !== refused) return current;
  const response = await send('POST', REFRESH_PATH, {}, current?.cryptogram);
  const answer = await settle<unknown>(response);
  const { tokenSchema } = await import('./contract');
  const token = tokenSchema.parse(answer);
  setToken(token);
  return token;
}

function renewedToken(refused: string | undefined): Promise<Token> {
  refreshing ??= (async () => {
    try {
      return await acrossTabs(() => refreshUnlessRenewed(refused));
    } catch (error) {
      // No answer at all (offline) says nothing about the session, so keep it and let the next
      // request try again; any answer other than a new token means the session is over.
      if (!(error instanceof ApiRequestError && error.status === 0)) clearProfile();
      throw error instanceof ApiRequestError ? error : unexplainedError(401, 'refreshInvalid');
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/**
 * Calls the API. Every call but login carries the stored bearer token; a 401 on an ordinary call is
 * answered by refreshing the token once and retrying once. When the refresh is refused the stored
 * profile is cleared, which the session provider turns into "show the login at /".
 */
export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  if (options.idempotent) return sendOnce<T>(method, path, options);
  return settle<T>(await sendAuthorized(method, path, options), options.whole);
}

/** Sends with an Idempotency-Key, again with the same key while no answer comes back. */
async function sendOnce<T>(method: HttpMethod, path: string, options: RequestOptions): Promise<T> {
  const submit = `${method} ${path} ${JSON.stringify(options.body ?? null)}`;
  const key = unansweredKeys.get(submit) ?? newIdempotencyKey();
  unansweredKeys.set(submit, key);
  const keyed = { ...options, headers: { ...options.headers, 'Idempotency-Key': key } };
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await sendAuthorized(method, path, keyed);
    } catch (error) {
      const unanswered = error instanceof ApiRequestError && error.status === 0;
      if (!unanswered || attempt >= IDEMPOTENT_RETRIES) throw error;
      await delay(RETRY_DELAY_MS * (attempt + 1));
      continue;
    }
    try {
      return await settle<T>(response, options.whole);
    } catch (error) {
      // still being done under this key: the same submit later gets its answer
      const inProgress = error instanceof ApiRequestError && error.code === 'idempotencyInProgress';
      if (!inProgress) unansweredKeys.delete(submit);
      throw error;
    } finally {
      if (response.ok) unansweredKeys.delete(submit);
    }
  }
}

/** Sends with the stored token; a 401 on an ordinary call is answered by one refresh and one retry. */
async function sendAuthorized(method: HttpMethod, path: string, options: RequestOptions): Promise<Response> {
  const route = pathname(path);
  const usedToken = route === LOGIN_PATH ? undefined : getProfile()?.token.cryptogram;
  const early = options.bootRead && method === 'GET' ? takeBootRead(path, usedToken, currentLanguage()) : undefined;
  // the boot script's request failed (no connection for a moment): this one is sent as usual
  const response = await (early?.catch(() => send(method, path, options, usedToken)) ?? send(method, path, options, usedToken));
  const refreshable = route !== LOGIN_PATH && route !== REFRESH_PATH;
  if (response.status !== 401 || !refreshable || !getProfile()) return response;

  const token = await renewedToken(usedToken);
  return send(method, path, options, token.cryptogram);
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** SWR's fetcher: the key is the API path, the value its `data`. */
export function swrFetcher<T>(path: string): Promise<T> {
  return request<T>('GET', path);
}

export interface DownloadedFile {
  blob: Blob;
  /** From the answer's content-disposition, else the caller's fallback. */
  filename: string;
}

export interface DownloadOptions {
  /** The file's media type, sent as Accept; an answer of another type is not the file. */
  accept?: string;
  /** The name to save under when the server names none. */
  fallbackName?: string;
  signal?: AbortSignal;
}

/**
 * Fetches a file (a PDF, say) with the same token, refresh and language as every other call. A
 * failure is an ApiRequestError with the server's reasons, read from its JSON error body.
 */
export async function downloadFile(path: string, options: DownloadOptions = {}): Promise<DownloadedFile> {
  const { accept = '*/*', fallbackName = 'download', signal } = options;
  // The error body is JSON, so JSON is accepted too: the server may explain a refusal.
  const headers = { Accept: accept === '*/*' ? accept : `${accept}, application/json;q=0.5` };
  const response = await sendAuthorized('GET', path, { headers, signal });
  if (!response.ok) return settle<never>(response);
  const type = response.headers.get('content-type') ?? '';
  // A 2xx of another type (an HTML page from a proxy, a JSON envelope) would save a broken file.
  if (accept !== '*/*' && !type.toLowerCase().startsWith(accept.toLowerCase()))
    throw unexplainedError(response.status, 'unexpectedResponse');
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    throw unexplainedError(0, 'network');
  }
  return { blob, filename: filenameOf(response.headers.get('content-disposition')) ?? fallbackName };
}

/**
 * The file name of a content-disposition header: the UTF-8 `filename*` (RFC 6266) when present,
 * else the plain `filename`. Any path part is dropped, so the name cannot point into a folder.
 */
export function filenameOf(header: string | null): string | null {
  if (!header) return null;
  const safe = (utf8Filename(header) ?? plainFilename(header))
    ?.split(/[\\/]/)
    .pop()
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    ?.replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return safe && safe !== '.' && safe !== '..' ? safe : null;
}

function utf8Filename(header: string): string | undefined {
  const encoded = /filename\*\s*=\s*[^']*'[^']*'([^;\s]+)/i.exec(header)?.[1];
  if (!encoded) return undefined;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined; // a malformed escape: the plain name still serves
  }
}

function plainFilename(header: string): string | undefined {
  const match = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  return match?.[1]?.replace(/\\(.)/g, '$1') ?? match?.[2];
}

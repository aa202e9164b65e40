// The first screen's reads, started by the boot script (src/boot.ts) while the app's own code still
// downloads, and taken over by the HTTP client (http.ts) when the screen asks for the same (decision
// 010). It imports nothing: the boot script (src/boot.ts) is built with it and must stay free of
// the app's packages.

/** A GET the boot script sent, and how: the client takes it only if it would send the same. */
export interface BootRead {
  response: Promise<Response>;
  cryptogram: string;
  language: string;
}

declare global {
  interface Window {
    /** By path; filled by the boot script, emptied by the app once its first screen has asked (main.tsx). */
    fakturaBootReads?: Map<string, BootRead>;
  }
}

/** The headers of every API call: JSON, the language the server writes its reasons in, the token. */
export function apiHeaders(language: string, cryptogram: string | undefined): Record<string, string> {
  return {
    Accept: 'application/json',
    'Accept-Language': language,
    ...(cryptogram ? { Authorization: `Bearer ${cryptogram}` } : {}),
  };
}

/** Sends a GET from the boot script, as the HTTP client would send it, for the app to take. */
export function startBootRead(path: string, cryptogram: string, language: string): void {
  const response = fetch(path, { headers: apiHeaders(language, cryptogram), credentials: 'same-origin' });
  // a failure is the app's to see when it takes the read (it then asks again), never an unhandled rejection
  response.catch(() => undefined);
  (window.fakturaBootReads ??= new Map()).set(path, { response, cryptogram, language });
}

/**
 * The boot script's answer for this GET, once: only if it went with the same token and language as
 * this request would (else the request is sent as usual).
 */
export function takeBootRead(
  path: string,
  cryptogram: string | undefined,
  language: string,
): Promise<Response> | undefined {
  const reads = typeof window === 'undefined' ? undefined : window.fakturaBootReads;
  const read = reads?.get(path);
  if (!read) return undefined;
  reads?.delete(path);
  return read.cryptogram === cryptogram && read.language === language ? read.response : undefined;
}

/** Forgets the boot script's reads nobody took, so no later request is answered from them. */
export function dropBootReads(): void {
  if (typeof window !== 'undefined') window.fakturaBootReads?.clear();
}

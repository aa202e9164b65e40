/**
 * True for the error a browser gives when a chunk of the app cannot be downloaded: no connection, or
 * the server was updated meanwhile and the old chunk is gone (Chromium, Firefox and Safari word it so).
 */
export function isLoadFailure(error: unknown): boolean {
  return error instanceof TypeError && /dynamically imported module|module script failed|importing a module/i.test(error.message);
}

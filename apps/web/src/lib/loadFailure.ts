/**
 * True for the error a browser gives when a chunk of the app cannot be downloaded: no connection, or
 * the server was updated meanwhile and the old chunk is gone. The import itself fails with a TypeError
 * (Chromium, Firefox and Safari word it so); a chunk with style sheets fails first with Vite's own
 * "Unable to preload CSS" error, raised before the import is even tried.
 */
export function isLoadFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|module script failed|importing a module|unable to preload css/i.test(error.message)
  );
}

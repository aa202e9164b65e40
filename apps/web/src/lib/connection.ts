/** The Network Information API is Chromium-only, so everything about it is optional. */
interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

const SLOW_TYPES = new Set(['slow-2g', '2g', '3g']);

/** True on a slow or data-saving connection, where the app should ask the server less often. */
export function isSlowConnection(nav: Navigator | undefined = globalThis.navigator): boolean {
  const connection = (nav as (Navigator & { connection?: NetworkInformation }) | undefined)?.connection;
  if (!connection) return false;
  return connection.saveData === true || SLOW_TYPES.has(connection.effectiveType ?? '');
}

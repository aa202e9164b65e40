import type { Profile } from '@faktura/shared';

// How the signed-in operator is stored, apart from the store itself (profileStore.ts): the boot
// script (src/boot.ts) reads it too, before any of the app has loaded.

/** The local storage key of the signed-in operator (profile and access token). */
export const PROFILE_STORAGE_KEY = 'faktura.profile';

/**
 * Only profiles checked against the contract at sign-in are stored (features/auth/session.ts), so
 * reading one back checks its shape by hand: zod is not part of the first download.
 */
function isProfile(value: unknown): value is Profile {
  const profile = value as { username?: unknown; name?: unknown; token?: { cryptogram?: unknown; expiresAt?: unknown } } | null;
  return (
    typeof profile === 'object' &&
    profile !== null &&
    typeof profile.username === 'string' &&
    typeof profile.name === 'string' &&
    typeof profile.token?.cryptogram === 'string' &&
    typeof profile.token.expiresAt === 'string'
  );
}

export function parseProfile(raw: string | null): Profile | null {
  if (raw === null) return null;
  try {
    // A hand-edited or outdated entry counts as "not signed in" rather than crashing the app.
    const value: unknown = JSON.parse(raw);
    return isProfile(value) ? value : null;
  } catch {
    return null;
  }
}

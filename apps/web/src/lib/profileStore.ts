import type { Profile, Token } from '@faktura/shared';
import { PROFILE_STORAGE_KEY, parseProfile } from './storedProfile';

// The signed-in operator, kept in local storage so a reload or a new tab stays signed in. This is a
// plain store (not React state) because the HTTP client must read and replace the token too.

export { PROFILE_STORAGE_KEY } from './storedProfile';

type Listener = () => void;
const listeners = new Set<Listener>();

// getProfile() is a useSyncExternalStore snapshot and must return the same object until the stored
// text changes, so the parsed value is cached against the raw string.
let cachedRaw: string | null = null;
let cachedProfile: Profile | null = null;
// Used only when the browser blocks storage: the session then lasts until reload instead of the
// login appearing to do nothing.
let memoryRaw: string | null = null;

function readRaw(): string | null {
  try {
    return localStorage.getItem(PROFILE_STORAGE_KEY);
  } catch {
    return memoryRaw;
  }
}

function writeRaw(raw: string | null): void {
  memoryRaw = raw;
  try {
    if (raw === null) localStorage.removeItem(PROFILE_STORAGE_KEY);
    else localStorage.setItem(PROFILE_STORAGE_KEY, raw);
  } catch {
    // Blocked or full storage: memoryRaw keeps this visit working.
  }
}

export function getProfile(): Profile | null {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedProfile = parseProfile(raw);
  }
  return cachedProfile;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function setProfile(profile: Profile): void {
  writeRaw(JSON.stringify(profile));
  notify();
}

/** Replaces only the access token (after a refresh), keeping who is signed in. */
export function setToken(token: Token): void {
  const profile = getProfile();
  if (profile) setProfile({ ...profile, token });
}

export function clearProfile(): void {
  writeRaw(null);
  notify();
}

export function subscribeProfile(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Signing in or out in another tab changes storage there; follow it here so tabs agree.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === PROFILE_STORAGE_KEY || event.key === null) notify();
  });
}

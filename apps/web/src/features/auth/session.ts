import { type Profile, endpoints } from '@faktura/shared';
import { api } from '../../lib/api';
import { unexplainedError } from '../../lib/apiError';
import { clearProfile, setProfile } from '../../lib/profileStore';

/** Signs in and stores the profile; throws ApiRequestError with the server's reason on failure. */
export async function login(username: string, password: string): Promise<Profile> {
  const data: unknown = await api(endpoints.auth.login, { body: { username: username.trim(), password } });
  const { profileSchema } = await import('../../lib/contract');
  // Stored profiles are read back on every visit, so only a well-formed one is kept.
  const parsed = profileSchema.safeParse(data);
  if (!parsed.success) throw unexplainedError(200, 'unexpectedResponse');
  setProfile(parsed.data);
  return parsed.data;
}

/** Ends the session on the server when it can be reached and always on this device. */
export async function logout(): Promise<void> {
  try {
    await api(endpoints.auth.logout);
  } catch {
    // Offline or already expired: signing out here must still work; the cookie expires by itself.
  }
  clearProfile();
}

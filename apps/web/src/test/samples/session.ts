import type { Profile } from '@faktura/shared';

/** The operator signed in by `renderApp({ signedIn: true })`. */
export const OPERATOR: Profile = {
  username: 'ana@obrt.hr',
  name: 'Ana Anić',
  token: { cryptogram: 'token-1', expiresAt: '2030-01-01T00:00:00.000Z' },
};

import useSWR from 'swr';
import type { z } from 'zod';
import type { Account, accountInputSchema, Issuer, issuerInputSchema, PasswordChange, Pos } from '@faktura/shared';
import { http } from '../../lib/http';

// The paths double as SWR keys, so a save can put its answer straight into the cache.
export const ISSUER_PATH = '/api/v1/settings/issuer';
export const POS_PATH = '/api/v1/settings/pos';
export const ACCOUNT_PATH = '/api/v1/account';
export const PASSWORD_PATH = '/api/v1/account/password';

/** `null` until the issuing company has been entered. */
export const useIssuer = () => useSWR<Issuer | null, Error>(ISSUER_PATH);
export const usePos = () => useSWR<Pos, Error>(POS_PATH);
export const useAccount = () => useSWR<Account, Error>(ACCOUNT_PATH);

export const saveIssuer = (body: z.output<typeof issuerInputSchema>) => http.put<Issuer>(ISSUER_PATH, body);
export const savePos = (body: Pos) => http.put<Pos>(POS_PATH, body);
export const saveAccount = (body: z.output<typeof accountInputSchema>) => http.put<Account>(ACCOUNT_PATH, body);
export const changePassword = (body: PasswordChange) => http.post<{ ok: true }>(PASSWORD_PATH, body);

import { z } from 'zod';
import { envelope } from './common';

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The signed access token and when it stops working (ISO timestamp, UTC). */
export const tokenSchema = z.object({ cryptogram: z.string(), expiresAt: z.string() });
export type Token = z.infer<typeof tokenSchema>;

/** What the web app keeps in local storage after signing in. */
export const profileSchema = z.object({
  username: z.string(),
  name: z.string(),
  token: tokenSchema,
});
export type Profile = z.infer<typeof profileSchema>;

export const loginResponse = envelope(profileSchema);
export const refreshResponse = envelope(tokenSchema);

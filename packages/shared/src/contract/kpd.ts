import { z } from 'zod';
import { envelope } from './common';

/**
 * `GET /api/v1/kpd?q=…&limit=…&lang=…`: KPD 2025 codes for the line-item picker, found by code
 * prefix ("62.20") or by words of the name ("savjetovanje softver") in `lang`, which the names come
 * in too. Without `lang`, the request's Accept-Language (as before issue 11); the web always names
 * it, so the language is in the request's address and its cache key.
 */
export const kpdQuerySchema = z.object({
  q: z.string().max(200).optional().default(''),
  limit: z.coerce.number<number>().int().min(1).max(50).optional().default(20),
  lang: z.enum(['hr', 'en']).optional(),
});
export const kpdMatchSchema = z.object({ code: z.string(), name: z.string() });
export type KpdMatch = z.infer<typeof kpdMatchSchema>;
export const kpdSearchResponse = envelope(z.array(kpdMatchSchema));

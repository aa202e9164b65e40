import { z } from 'zod';
import { envelope } from './common';

/**
 * `GET /api/v1/kpd?q=…&limit=…`: KPD 2025 codes for the line-item picker, found by code prefix
 * ("62.20") or by words of the name in the request's language ("savjetovanje softver").
 */
export const kpdQuerySchema = z.object({
  q: z.string().max(200).optional().default(''),
  limit: z.coerce.number<number>().int().min(1).max(50).optional().default(20),
});
export const kpdMatchSchema = z.object({ code: z.string(), name: z.string() });
export type KpdMatch = z.infer<typeof kpdMatchSchema>;
export const kpdSearchResponse = envelope(z.array(kpdMatchSchema));

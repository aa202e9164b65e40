import { z } from 'zod';
import { envelope } from './common';

export const healthSchema = z.object({ status: z.literal('ok') });
export const healthResponse = envelope(healthSchema);
export type Health = z.infer<typeof healthSchema>;

import { z } from 'zod';
import { isCountryCode } from '../domain/country';
import { envelope, idSchema, optionalText, requiredText } from './common';

export const countryCodeSchema = z
  .string()
  .trim()
  .min(1)
  .transform((value) => value.toUpperCase())
  .refine(isCountryCode, { error: 'validation.country' });

export const addressInputSchema = z.object({
  address1: requiredText(120),
  address2: optionalText(120),
  city: requiredText(80),
  zip: requiredText(16),
  state: optionalText(80),
  countryCode: countryCodeSchema,
});
export type AddressInput = z.input<typeof addressInputSchema>;

export const addressSchema = z.object({
  id: z.number().int(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  zip: z.string(),
  state: z.string().nullable(),
  /** The country's name in the request's language. */
  country: z.string(),
  countryCode: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressListResponse = envelope(z.array(addressSchema));
export const addressResponse = envelope(addressSchema);
export const addressIdResponse = envelope(addressSchema);
export { idSchema as addressIdSchema };

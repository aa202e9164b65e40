import { z } from 'zod';
import { isXmlText } from '../domain/xmlText';
import { errorCodeSchema } from './errors';
import './messages';

/** Success envelope: every successful body is `{ data: ... }`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

/**
 * Failure body: `{ errors: [{ reason, code, field? }] }`, the reason in the request's language and
 * the code one of `ERROR_CODES`.
 */
export const apiErrorSchema = z.object({
  reason: z.string(),
  code: errorCodeSchema,
  field: z.string().optional(),
});
export const errorBodySchema = z.object({ errors: z.array(apiErrorSchema) });
export type ApiError = z.infer<typeof apiErrorSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** An id in a JSON body: a whole number, never coerced (a missing id is "required", not "invalid"). */
export const idSchema = z.number().int().positive().max(2_147_483_647);
/**
 * An id in a URL path, which arrives as text: a canonical positive integer only, so `/invoice/2`
 * is the one address of invoice 2 (`0x2`, `002`, `2.0` and `2e0` are refused, not read as 2).
 */
export const idParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, { error: 'validation.integer' })
    .transform(Number)
    .pipe(z.number().max(2_147_483_647)),
});

/**
 * Any text a request may store: only characters XML 1.0 can carry, since stored text ends up in the
 * e-invoice, which can neither carry a control character (U+0001, NUL …), U+FFFE/U+FFFF nor a lone
 * surrogate, nor be changed once issued (`validation.xmlChar`, decision 023). Every free-text field
 * of the contract starts from it (directly or through `requiredText` / `optionalText`).
 */
export const plainText = () => z.string().refine(isXmlText, { error: 'validation.xmlChar' });

/** A required text field: trimmed, not empty, at most `max` characters. */
export const requiredText = (max: number) => plainText().trim().min(1).max(max);

/**
 * An optional text field: trimmed; missing, null and blank all become null, so "no value" has one
 * spelling in storage.
 */
export const optionalText = (max: number) =>
  plainText()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

export const emailSchema = plainText().trim().min(1).max(254).pipe(z.email());

/** ISO `yyyy-MM-dd` that names a real calendar day. */
export const isoDateSchema = z.iso.date();

export const okSchema = z.object({ ok: z.literal(true) });

/** What a successful DELETE answers. */
export const deletedResponse = envelope(z.object({ id: z.number().int() }));

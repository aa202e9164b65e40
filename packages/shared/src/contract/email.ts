import { z } from 'zod';
import { envelope, plainText } from './common';

/**
 * Sending invoices and reminders by e-mail (issue 13): the SMTP settings, the templates per
 * language and the record of every sending.
 *
 * No header can be injected: every text that ends up in a header (subject, names, addresses) is
 * refused when it holds a line break. Only the body may span lines.
 */
const noLineBreaks = (value: string) => !/[\r\n\u2028\u2029]/.test(value);

/** A single-line text (a header value): trimmed, at most `max` characters, no CR/LF. */
export const headerText = (max: number) =>
  plainText().trim().max(max).refine(noLineBreaks, { error: 'validation.lineBreak' });

/** One e-mail address, the way a header carries it (no display name, no line break). */
export const emailAddressSchema = plainText()
  .trim()
  .min(1)
  .max(254)
  .refine(noLineBreaks, { error: 'validation.lineBreak' })
  .pipe(z.email());

const optionalAddress = plainText()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(emailAddressSchema.nullable());

/** What a sending is: the document itself (an invoice or a credit note), or a reminder of an invoice. */
export const EMAIL_KINDS = ['invoice', 'reminder'] as const;
export const emailKindSchema = z.enum(EMAIL_KINDS);
export type EmailKind = z.infer<typeof emailKindSchema>;

/**
 * The templates, one set per language: a credit note is sent as its document (`invoice`) with a
 * template of its own, so its message names it as one (odobrenje / credit note).
 */
export const EMAIL_TEMPLATE_KINDS = ['invoice', 'creditNote', 'reminder'] as const;
export const emailTemplateKindSchema = z.enum(EMAIL_TEMPLATE_KINDS);
export type EmailTemplateKind = z.infer<typeof emailTemplateKindSchema>;

/** The template a sending of `kind` uses for a document of `documentType`. */
export function emailTemplateKind(kind: EmailKind, documentType: 'INVOICE' | 'CREDIT_NOTE' | 'ADVANCE'): EmailTemplateKind {
  return kind === 'invoice' && documentType === 'CREDIT_NOTE' ? 'creditNote' : kind;
}

export const SMTP_SECURITY = ['starttls', 'tls', 'none'] as const;
export const smtpSecuritySchema = z.enum(SMTP_SECURITY);
export type SmtpSecurity = z.infer<typeof smtpSecuritySchema>;

/** The placeholders a template may use, each filled from the invoice. */
export const EMAIL_PLACEHOLDERS = ['number', 'amount', 'dueDate', 'issueDate', 'iban', 'reference', 'client', 'company'] as const;
export type EmailPlaceholder = (typeof EMAIL_PLACEHOLDERS)[number];

/** `{{name}}` in a template; names outside EMAIL_PLACEHOLDERS are refused when a template is saved. */
export const PLACEHOLDER_PATTERN = /\{\{\s*([A-Za-z]+)\s*\}\}/g;
const knownPlaceholders = (value: string) =>
  [...value.matchAll(PLACEHOLDER_PATTERN)].every((match) => (EMAIL_PLACEHOLDERS as readonly string[]).includes(match[1] ?? ''));

/** Settings > E-mail: the SMTP server, the sender and an optional copy to oneself. */
export const emailSettingsInputSchema = z.object({
  host: z
    .string()
    .trim()
    .min(1)
    .max(253)
    .regex(/^[A-Za-z0-9.:[\]-]+$/, { error: 'validation.host' }),
  port: z.number().int().min(1).max(65535),
  security: smtpSecuritySchema,
  /** Missing, null or blank: the server takes mail without signing in (a local relay). */
  username: plainText()
    .trim()
    .max(254)
    .refine(noLineBreaks, { error: 'validation.lineBreak' })
    .nullish()
    .transform((value) => (value ? value : null)),
  /** Left out, the stored password stays; it is never sent back. Cleared with the user name. */
  password: z.string().min(1).max(1024).optional(),
  fromName: headerText(120)
    .nullish()
    .transform((value) => (value ? value : null)),
  fromAddress: emailAddressSchema,
  replyTo: optionalAddress,
  bcc: optionalAddress,
});
export type EmailSettingsInput = z.input<typeof emailSettingsInputSchema>;

export const emailTemplateSchema = z.object({
  language: z.enum(['hr', 'en']),
  kind: emailTemplateKindSchema,
  subject: headerText(200).pipe(z.string().min(1)).refine(knownPlaceholders, { error: 'validation.placeholder' }),
  body: plainText().trim().min(1).max(10_000).refine(knownPlaceholders, { error: 'validation.placeholder' }),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;
export const emailTemplatesInputSchema = z.object({ templates: z.array(emailTemplateSchema).min(1).max(EMAIL_TEMPLATE_KINDS.length * 2) });
export type EmailTemplatesInput = z.input<typeof emailTemplatesInputSchema>;

export const emailSettingsSchema = z.object({
  /** `environment` when FAKTURA_SMTP_URL sets the server; its fields are then shown, not edited. */
  source: z.enum(['settings', 'environment', 'none']),
  host: z.string().nullable(),
  port: z.number().nullable(),
  security: smtpSecuritySchema.nullable(),
  username: z.string().nullable(),
  /** A password is stored (or given in FAKTURA_SMTP_URL); the password itself never leaves the server. */
  passwordSet: z.boolean(),
  fromName: z.string().nullable(),
  fromAddress: z.string().nullable(),
  replyTo: z.string().nullable(),
  bcc: z.string().nullable(),
  /** Sending works: a server and a sender address are known. */
  ready: z.boolean(),
  /** The six templates in force (saved or the defaults), and the defaults to go back to. */
  templates: z.array(emailTemplateSchema),
  defaults: z.array(emailTemplateSchema),
  placeholders: z.array(z.enum(EMAIL_PLACEHOLDERS)),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;
export const emailSettingsResponse = envelope(emailSettingsSchema);

export const emailTestInputSchema = z.object({ to: emailAddressSchema.optional() });
/** Why a sending failed; `email.failure.<code>` says it in words. */
export const EMAIL_FAILURES = ['auth', 'connection', 'tls', 'timeout', 'recipient', 'rejected', 'unknown'] as const;
export const emailFailureSchema = z.enum(EMAIL_FAILURES);
export type EmailFailure = z.infer<typeof emailFailureSchema>;

export const emailTestResultSchema = z.object({
  ok: z.boolean(),
  to: z.string(),
  messageId: z.string().nullable(),
  errorCode: emailFailureSchema.nullable(),
  /** The outcome in plain words, in the request's language. */
  reason: z.string(),
  /** The server's own answer (e.g. `535 5.7.8 Authentication failed`), when it gave one. */
  serverResponse: z.string().nullable(),
});
export const emailTestResponse = envelope(emailTestResultSchema);

/** POST /api/v1/invoice/{id}/email: everything but `to` is filled from the templates when left out. */
export const invoiceEmailInputSchema = z.object({
  to: z.array(emailAddressSchema).min(1).max(20),
  cc: z.array(emailAddressSchema).max(20).optional(),
  subject: headerText(300).optional(),
  body: plainText().max(20_000).optional(),
  kind: emailKindSchema.optional(),
});
export type InvoiceEmailInput = z.input<typeof invoiceEmailInputSchema>;

export const emailKindQuerySchema = z.object({ kind: emailKindSchema.optional() });

/** What the send dialog proposes: the client's address and the template filled in the invoice's language. */
export const invoiceEmailDraftSchema = z.object({
  kind: emailKindSchema,
  language: z.enum(['hr', 'en']),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  /** File names of what is attached: the PDF, and the UBL XML for clients who take e-invoices. */
  attachments: z.array(z.string()),
  ready: z.boolean(),
});
export type InvoiceEmailDraft = z.infer<typeof invoiceEmailDraftSchema>;
export const invoiceEmailDraftResponse = envelope(invoiceEmailDraftSchema);

export const invoiceEmailRecordSchema = z.object({
  id: z.number(),
  invoiceId: z.number(),
  kind: emailKindSchema,
  language: z.enum(['hr', 'en']),
  status: z.enum(['SENT', 'FAILED']),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  attachments: z.array(z.string()),
  messageId: z.string().nullable(),
  errorCode: emailFailureSchema.nullable(),
  /** Why it failed, in the request's language; null when it was sent. */
  reason: z.string().nullable(),
  serverResponse: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoiceEmailRecord = z.infer<typeof invoiceEmailRecordSchema>;
export const invoiceEmailRecordResponse = envelope(invoiceEmailRecordSchema);
export const invoiceEmailRecordsResponse = envelope(z.array(invoiceEmailRecordSchema));

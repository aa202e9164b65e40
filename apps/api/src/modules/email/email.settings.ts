import {
  EMAIL_TEMPLATE_KINDS,
  EMAIL_PLACEHOLDERS,
  LANGUAGES,
  type EmailTemplateKind,
  type EmailSettings,
  type EmailTemplate,
  type Language,
  type emailSettingsInputSchema,
  type emailTemplatesInputSchema,
  translate,
} from '@faktura/shared';
import type { z } from 'zod';
import type { SmtpServer } from '../../config';
import type { Db } from '../../db/connection';
import { issuerSender } from '../issuer';
import * as repo from './email.repository';
import type { TransportTrust } from './email.transport';

/** What the e-mail module needs from the app: the database and the mail server of the configuration. */
export interface EmailDeps {
  db: Db;
  /** FAKTURA_SMTP_URL, which takes precedence over the server saved in Settings. */
  smtp: SmtpServer | undefined;
  trust?: TransportTrust;
}

/** Everything a sending needs to know about the server and the sender. */
export interface Sender {
  server: SmtpServer;
  fromName: string;
  fromAddress: string;
  replyTo: string | null;
  bcc: string | null;
}

export function defaultTemplate(language: Language, kind: EmailTemplateKind): EmailTemplate {
  return {
    language,
    kind,
    subject: translate(language, `email.templates.${kind}.subject`),
    body: translate(language, `email.templates.${kind}.body`),
  };
}

/** The template in force: the saved one, or the default of the catalogue. */
export async function templateFor(db: Db, language: Language, kind: EmailTemplateKind): Promise<EmailTemplate> {
  const saved = (await repo.templates(db)).find((row) => row.language === language && row.kind === kind);
  return saved ? { language, kind, subject: saved.subject, body: saved.body } : defaultTemplate(language, kind);
}

const allTemplates = () => LANGUAGES.flatMap((language) => EMAIL_TEMPLATE_KINDS.map((kind) => ({ language, kind })));

/** The server from the configuration, else the one saved in Settings; the sender from Settings (or the company's e-mail). */
export async function senderOf(deps: EmailDeps): Promise<Sender | undefined> {
  const row = await repo.findSettings(deps.db);
  const server: SmtpServer | undefined =
    deps.smtp ??
    (row
      ? { host: row.host, port: row.port, security: row.security as SmtpServer['security'], username: row.username, password: row.password }
      : undefined);
  const issuer = await issuerSender(deps.db);
  const fromAddress = row?.from_address ?? issuer?.email ?? null;
  if (!server || !fromAddress) return undefined;
  return {
    server,
    fromName: row?.from_name ?? issuer?.name ?? 'Faktura',
    fromAddress,
    replyTo: row?.reply_to ?? null,
    bcc: row?.bcc ?? null,
  };
}

export async function getEmailSettings(deps: EmailDeps): Promise<EmailSettings> {
  const row = await repo.findSettings(deps.db);
  const saved = await repo.templates(deps.db);
  const server = deps.smtp ?? (row ? { host: row.host, port: row.port, security: row.security as SmtpServer['security'], username: row.username, password: row.password } : undefined);
  const sender = await senderOf(deps);
  const defaults = allTemplates().map(({ language, kind }) => defaultTemplate(language, kind));
  return {
    source: deps.smtp ? 'environment' : row ? 'settings' : 'none',
    host: server?.host ?? null,
    port: server?.port ?? null,
    security: server?.security ?? null,
    username: server?.username ?? null,
    passwordSet: Boolean(server?.password),
    fromName: row?.from_name ?? null,
    fromAddress: row?.from_address ?? null,
    replyTo: row?.reply_to ?? null,
    bcc: row?.bcc ?? null,
    ready: sender !== undefined,
    templates: defaults.map((template) => {
      const own = saved.find((s) => s.language === template.language && s.kind === template.kind);
      return own ? { ...template, subject: own.subject, body: own.body } : template;
    }),
    defaults,
    placeholders: [...EMAIL_PLACEHOLDERS],
  };
}

type SettingsInput = z.output<typeof emailSettingsInputSchema>;

/**
 * Saves the server and the sender. A password left out keeps the stored one; without a user name
 * there is no password. With FAKTURA_SMTP_URL set, the server fields are kept but the URL is used.
 */
export async function saveEmailSettings(deps: EmailDeps, input: SettingsInput): Promise<EmailSettings> {
  await deps.db.transaction().execute(async (trx) => {
    const existing = await repo.findSettings(trx);
    const password = input.username ? (input.password ?? existing?.password ?? null) : null;
    await repo.saveSettings(trx, {
      host: input.host,
      port: input.port,
      security: input.security,
      username: input.username,
      password,
      from_name: input.fromName,
      from_address: input.fromAddress,
      reply_to: input.replyTo,
      bcc: input.bcc,
    });
  });
  return getEmailSettings(deps);
}

/** Saves the templates given; one equal to its default is stored as "the default" (no row). */
export async function saveTemplates(deps: EmailDeps, input: z.output<typeof emailTemplatesInputSchema>): Promise<EmailSettings> {
  await deps.db.transaction().execute(async (trx) => {
    for (const template of input.templates) {
      const fallback = defaultTemplate(template.language, template.kind);
      if (template.subject === fallback.subject && template.body === fallback.body) {
        await repo.deleteTemplate(trx, template.language, template.kind);
      } else {
        await repo.saveTemplate(trx, template);
      }
    }
  });
  return getEmailSettings(deps);
}

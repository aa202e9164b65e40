import net from 'node:net';
import path from 'node:path';
import { issueParams, translate } from '@faktura/shared';
import { z } from 'zod';

/**
 * The only reader of process.env. Read once at start-up, validated; a bad value stops start-up with
 * a message naming the variable.
 */
const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

const envSchema = z
  .object({
    PORT: z.coerce.number<number>().int().min(1).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
        message: 'must be a postgres:// or postgresql:// URL (leave it unset for the embedded SQLite database)',
      }),
    FAKTURA_DATA_DIR: z.string().trim().min(1).default('./data'),
    FAKTURA_SECRET: z
      .string()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || value.length >= 32, {
        message: 'must be at least 32 characters long',
      }),
    FAKTURA_ADMIN_EMAIL: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || /^[^\s@]+@[^\s@]+$/.test(value), {
        message: 'must be an e-mail address',
      }),
    FAKTURA_ADMIN_PASSWORD: z
      .string()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || value.length >= 10, {
        message: 'must be at least 10 characters long',
      }),
    /** The first operator's full name, printed on invoices as the operator (Settings asks while missing). */
    FAKTURA_ADMIN_NAME: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || value.length <= 120, { message: 'must be at most 120 characters long' }),
    FAKTURA_DEMO: flag,
    FAKTURA_TRUST_PROXY: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '' && part !== '0' && part !== 'false'),
      )
      .refine(
        (parts) =>
          parts.every((part) => {
            const [address, bits, ...rest] = part.split('/');
            const version = net.isIP(address ?? '');
            if (!version || rest.length > 0) return false;
            return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
          }),
        { message: 'must be a comma-separated list of proxy addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8)' },
      ),
    FAKTURA_BACKUP_DIR: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined),
    FAKTURA_BACKUP_KEEP: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || '14')
      .refine((value) => /^\d{1,4}$/.test(value) && Number(value) <= 3650, {
        message: 'must be a whole number from 0 (no automatic backups) to 3650',
      })
      .transform(Number),
    FAKTURA_SMTP_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || parseSmtpUrl(value) !== undefined, {
        message:
          'must be an smtp:// or smtps:// URL with a host, e.g. smtps://user:password@mail.example.hr:465 (smtp:// uses STARTTLS; add ?security=none for a local relay without encryption)',
      }),
    /** HNB's exchange-rate list (tecajn-eur/v3); another https address for a mirror or a test double. */
    FAKTURA_HNB_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || 'https://api.hnb.hr/tecajn-eur/v3')
      .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', { message: 'must be an https:// URL' }),
    /** A PEM file of the CAs to trust for FAKTURA_HNB_URL instead of the system's. */
    FAKTURA_HNB_CA_FILE: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || undefined),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((env) => Boolean(env.FAKTURA_ADMIN_EMAIL) === Boolean(env.FAKTURA_ADMIN_PASSWORD), {
    message: 'FAKTURA_ADMIN_EMAIL and FAKTURA_ADMIN_PASSWORD go together: set both or neither',
    path: ['FAKTURA_ADMIN_PASSWORD'],
  });

/** The mail server as FAKTURA_SMTP_URL gives it (Settings > E-mail otherwise). */
export interface SmtpServer {
  host: string;
  port: number;
  /** smtps:// is TLS from the start; smtp:// upgrades with STARTTLS unless `?security=none`. */
  security: 'starttls' | 'tls' | 'none';
  username: string | null;
  password: string | null;
}

/** `smtps://user:pass@host:465`, `smtp://host:587`, `smtp://localhost:25?security=none`. */
export function parseSmtpUrl(value: string): SmtpServer | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const tls = url.protocol === 'smtps:';
  if ((!tls && url.protocol !== 'smtp:') || !url.hostname || (url.pathname !== '' && url.pathname !== '/')) return undefined;
  const asked = url.searchParams.get('security');
  if (asked !== null && !(tls ? ['tls'] : ['starttls', 'none']).includes(asked)) return undefined;
  const security = tls ? 'tls' : asked === 'none' ? 'none' : 'starttls';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : tls ? 465 : 587,
    security,
    username: url.username ? decodeURIComponent(url.username) : null,
    password: url.password ? decodeURIComponent(url.password) : null,
  };
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  secret: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  adminName: string | undefined;
  demo: boolean;
  /** Reverse proxies whose X-Forwarded-For is believed (addresses or CIDR ranges); empty: none. */
  trustProxy: string[];
  /** Where backups go (`$FAKTURA_DATA_DIR/backups` by default). */
  backupDir: string;
  /** How many daily backups the server keeps; 0 turns the automatic backup off. */
  backupKeep: number;
  /** The mail server from FAKTURA_SMTP_URL; undefined: Settings > E-mail decides. */
  smtp: SmtpServer | undefined;
  /** HNB's exchange-rate list and the CA file to trust for it (undefined: the system's CAs). */
  hnb: { url: string; caFile: string | undefined };
  logLevel: string;
  /** Where the built web app is served from. */
  webDir: string;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, webDir?: string): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || 'environment';
      // refinements above carry their own English sentence; zod's own checks carry an i18n key
      const reason = issue.message.startsWith('validation.')
        ? translate('en', issue.message, issueParams(issue as { minimum?: unknown; maximum?: unknown }))
        : issue.message;
      const given = env[name];
      return `  ${name}: ${reason}${given === undefined || name.endsWith('SECRET') || name.endsWith('PASSWORD') || name === 'FAKTURA_SMTP_URL' ? '' : ` (got "${given}")`}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.FAKTURA_DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    secret: e.FAKTURA_SECRET,
    adminEmail: e.FAKTURA_ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.FAKTURA_ADMIN_PASSWORD,
    adminName: e.FAKTURA_ADMIN_NAME,
    demo: e.FAKTURA_DEMO,
    trustProxy: e.FAKTURA_TRUST_PROXY,
    backupDir: e.FAKTURA_BACKUP_DIR ? path.resolve(e.FAKTURA_BACKUP_DIR) : path.join(dataDir, 'backups'),
    backupKeep: e.FAKTURA_BACKUP_KEEP,
    smtp: e.FAKTURA_SMTP_URL ? parseSmtpUrl(e.FAKTURA_SMTP_URL) : undefined,
    hnb: { url: e.FAKTURA_HNB_URL, caFile: e.FAKTURA_HNB_CA_FILE ? path.resolve(e.FAKTURA_HNB_CA_FILE) : undefined },
    logLevel: e.LOG_LEVEL,
    webDir: webDir ?? path.resolve(import.meta.dirname, '../../web/dist'),
  };
}

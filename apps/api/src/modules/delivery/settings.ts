import { X509Certificate } from 'node:crypto';
import { DELIVERY_DEFAULT_URLS, type DeliveryProvider, type DeliverySettings, type deliverySettingsInputSchema } from '@faktura/shared';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import { type Actor, changesBetween, record } from '../audit';
import { SecretBoxError, openSecret, sealSecret } from '../fiscalization';
import { mojEracun } from './mojEracun';
import type { DeliveryPort } from './port';
import * as repo from './settings.repository';

/** What the delivery module needs from the app: the database and the server's secret. */
export interface DeliveryDeps {
  db: Db;
  secret: Uint8Array;
  now?: () => Date;
  /** Builds the adapter of a provider (tests may count or replace calls); the real adapters by default. */
  adapters?: Partial<Record<DeliveryProvider, AdapterFactory>>;
}

export type AdapterFactory = (settings: AdapterSettings) => DeliveryPort;
export interface AdapterSettings {
  baseUrl: string;
  trustedCaPem: string | null;
  timeoutMs: number;
  username: string;
  password: string;
  companyId: string;
  companyBu: string | null;
  softwareId: string;
}

/** The password is sealed for this purpose only (the certificate's key has its own). */
const PASSWORD_PURPOSE = 'faktura delivery password v1';
export const DELIVERY_TIMEOUT_MS = 20_000;

const ADAPTERS: Record<DeliveryProvider, AdapterFactory> = {
  MOJ_ERACUN: (s) => mojEracun({ baseUrl: s.baseUrl, trustedCaPem: s.trustedCaPem, timeoutMs: s.timeoutMs }, s),
};

function view(row: repo.DeliverySettingsRow | undefined): DeliverySettings {
  const provider = (row?.provider ?? 'MOJ_ERACUN') as DeliveryProvider;
  return {
    configured: row !== undefined,
    provider,
    baseUrl: row?.base_url ?? null,
    username: row?.username ?? null,
    passwordSet: row !== undefined,
    companyId: row?.company_id ?? null,
    companyBu: row?.company_bu ?? null,
    softwareId: row?.software_id ?? null,
    autoSend: row?.auto_send === 1,
    trustedCaPem: row?.trusted_ca_pem ?? null,
    defaults: { ...DELIVERY_DEFAULT_URLS[provider] },
    updatedAt: row?.updated_at ?? null,
  };
}

export async function getDeliverySettings(deps: DeliveryDeps): Promise<DeliverySettings> {
  return view(await repo.findSettings(deps.db));
}

/** True once the intermediary's connection is saved (Settings > Delivery); what waits for it is sent only then. */
export async function intermediarySetUp(db: Db): Promise<boolean> {
  return (await repo.findSettings(db)) !== undefined;
}

/** SHA-256 fingerprints of the PEM certificates given; throws when one cannot be read. */
function fingerprints(pem: string): string[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw new Error('no certificate');
  return blocks.map((block) => new X509Certificate(block).fingerprint256);
}

/** The audit's view: never the password (its change is noted as "changed" by the caller). */
const audited = (row: repo.DeliverySettingsRow | undefined) => ({
  provider: row?.provider ?? null,
  baseUrl: row?.base_url ?? null,
  username: row?.username ?? null,
  companyId: row?.company_id ?? null,
  companyBu: row?.company_bu ?? null,
  softwareId: row?.software_id ?? null,
  autoSend: row ? row.auto_send === 1 : null,
  trustedCa: row?.trusted_ca_pem ? fingerprints(row.trusted_ca_pem) : null,
});

type Input = z.output<typeof deliverySettingsInputSchema>;

/**
 * Saves the settings: a password given is sealed under the server's secret (left out, the stored
 * one stays; the first save needs one). Refusals change nothing. Every change is audited, the
 * password only as "changed".
 */
export async function saveDeliverySettings(deps: DeliveryDeps, input: Input, actor: Actor): Promise<DeliverySettings> {
  if (input.trustedCaPem) {
    try {
      fingerprints(input.trustedCaPem);
    } catch {
      throw new AppError('deliveryTrustedCaInvalid', { field: 'trustedCaPem' });
    }
  }
  await deps.db.transaction().execute(async (trx) => {
    const existing = await repo.findSettings(trx);
    if (!input.password && !existing) throw new AppError('deliveryPasswordRequired', { field: 'password' });
    const passwordEnc = input.password ? sealSecret(deps.secret, input.password, PASSWORD_PURPOSE) : (existing?.password_enc ?? '');
    await repo.saveSettings(trx, {
      provider: input.provider,
      base_url: input.baseUrl,
      username: input.username,
      password_enc: passwordEnc,
      company_id: input.companyId,
      company_bu: input.companyBu,
      software_id: input.softwareId,
      auto_send: input.autoSend ? 1 : 0,
      trusted_ca_pem: input.trustedCaPem,
    });
    const changes: Record<string, unknown> = changesBetween(audited(existing), audited(await repo.findSettings(trx)));
    if (input.password) changes.password = 'changed';
    if (Object.keys(changes).length > 0) await record(trx, actor, { action: 'delivery.changed', details: { changes } });
  });
  return getDeliverySettings(deps);
}

/** The adapter to send with, or why not: nothing saved, or a password this server cannot open. */
export async function deliveryPort(deps: DeliveryDeps): Promise<{ port: DeliveryPort; settings: DeliverySettings } | { none: 'notConfigured' | 'passwordUnreadable' }> {
  const row = await repo.findSettings(deps.db);
  if (!row) return { none: 'notConfigured' };
  let password: string;
  try {
    password = openSecret(deps.secret, row.password_enc, PASSWORD_PURPOSE);
  } catch (error) {
    if (error instanceof SecretBoxError) return { none: 'passwordUnreadable' };
    throw error;
  }
  const settings = view(row);
  const provider = settings.provider;
  const factory = deps.adapters?.[provider] ?? ADAPTERS[provider];
  const port = factory({
    baseUrl: row.base_url,
    trustedCaPem: row.trusted_ca_pem,
    timeoutMs: DELIVERY_TIMEOUT_MS,
    username: row.username,
    password,
    companyId: row.company_id,
    companyBu: row.company_bu,
    softwareId: row.software_id,
  });
  return { port, settings };
}

/** The port, or the refusal a user is shown (409, naming Settings > E-invoice delivery). */
export async function requirePort(deps: DeliveryDeps): Promise<{ port: DeliveryPort; settings: DeliverySettings }> {
  const found = await deliveryPort(deps);
  if ('none' in found) throw new AppError(found.none === 'notConfigured' ? 'deliveryNotConfigured' : 'deliveryPasswordUnreadable');
  return found;
}

import {
  type FiscalCertificate,
  type FiscalEnvironment,
  type FiscalMode,
  type FiscalSettings,
  type fiscalSettingsInputSchema,
  todayInZagreb,
} from '@faktura/shared';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import { type Actor, changesBetween, record } from '../audit';
import { getIssuer } from '../issuer';
import { CertificateError, type CertificateInfo, readPkcs12 } from './certificate';
import { certificatesOf } from './exchange';
import { SecretBoxError, open, seal } from './secretBox';
import * as repo from './settings.repository';
import { type Endpoint, OFFICIAL_ENDPOINTS } from './transport';
import type { Signer } from './xades';
import type { ERacunRecord } from './eracun';

/** What the fiscalization module needs from the app: the database and the server's secret. */
export interface FiscalDeps {
  db: Db;
  secret: Uint8Array;
  now?: () => Date;
  /** Where a received e-invoice's record for `vrstaERacuna` U comes from (the inbox's port, wired in app.ts; decision 038). */
  received?: ReceivedSource;
}

/**
 * The received e-invoice's data set as `EvidentirajERacunZahtjev` U states it, read from its original
 * bytes; throws an `AppError` (its code kept as the refusal) for what the document itself lacks.
 */
export interface ReceivedSource {
  record: (db: Db, receivedId: number) => Promise<ERacunRecord>;
}

/** The official addresses of each environment (TS-F2 Table 130; TS-F1 for consumer invoices). */
export const OFFICIAL = {
  TEST: { einvoice: OFFICIAL_ENDPOINTS.TEST, ereporting: OFFICIAL_ENDPOINTS.TEST, b2c: 'https://cistest.apis-it.hr:8449/FiskalizacijaServiceTest' },
  PRODUCTION: {
    einvoice: OFFICIAL_ENDPOINTS.PRODUCTION,
    ereporting: OFFICIAL_ENDPOINTS.PRODUCTION,
    b2c: 'https://cis.porezna-uprava.hr:8449/FiskalizacijaService',
  },
} as const satisfies Record<FiscalEnvironment, { einvoice: string; ereporting: string; b2c: string }>;

/**
 * FINA issues demo certificates from its "Demo" CAs and production ones from "Fina RDC"; the
 * service refuses a message signed with the other environment's certificate (TS-F2 8.2). Other
 * issuers (allowed since 2025, ZoF čl. 2 t.3) cannot be told apart here.
 */
export function certificateKind(info: Pick<CertificateInfo, 'issuer'>): FiscalCertificate['kind'] {
  if (/demo/i.test(info.issuer)) return 'DEMO';
  if (/Financijska agencija/i.test(info.issuer) && /Fina RDC/i.test(info.issuer)) return 'PRODUCTION';
  return 'UNKNOWN';
}

function wrongEnvironment(kind: FiscalCertificate['kind'], environment: FiscalEnvironment): boolean {
  return (kind === 'DEMO' && environment === 'PRODUCTION') || (kind === 'PRODUCTION' && environment === 'TEST');
}

const parseInfo = (json: string | null): CertificateInfo | null => (json ? (JSON.parse(json) as CertificateInfo) : null);

async function view(deps: FiscalDeps, row: repo.FiscalSettingsRow | undefined): Promise<FiscalSettings> {
  const environment = (row?.environment ?? 'TEST') as FiscalEnvironment;
  const mode = (row?.mode ?? 'OFF') as FiscalMode;
  const info = parseInfo(row?.certificate_info ?? null);
  const defaults = OFFICIAL[environment];
  const issuerOib = (await getIssuer(deps.db))?.oib ?? null;
  return {
    mode,
    environment,
    certificate: info ? { ...info, kind: certificateKind(info) } : null,
    endpoints: {
      einvoice: row?.endpoint_einvoice ?? defaults.einvoice,
      ereporting: row?.endpoint_ereporting ?? defaults.ereporting,
      b2c: row?.endpoint_b2c ?? defaults.b2c,
    },
    defaults: { ...defaults },
    trustedCaPem: row?.trusted_ca_pem ?? null,
    issuerOib,
    certificateIsIssuers: info && issuerOib ? info.oib === issuerOib : null,
    ready: mode === 'SELF' && info !== null && row?.private_key_enc != null,
    updatedAt: row?.updated_at ?? null,
  };
}

export async function getFiscalSettings(deps: FiscalDeps): Promise<FiscalSettings> {
  return view(deps, await repo.findSettings(deps.db));
}

type Input = z.output<typeof fiscalSettingsInputSchema>;

const CERTIFICATE_ERRORS = {
  notPkcs12: 'fiscalCertificateNotPkcs12',
  wrongPassword: 'fiscalCertificatePassword',
  noKey: 'fiscalCertificateNoKey',
  noOib: 'fiscalCertificateNoOib',
  expired: 'fiscalCertificateExpired',
  notYetValid: 'fiscalCertificateNotYetValid',
} as const;

/** The audit's view of the settings: never the key, nor the password. */
const audited = (row: repo.FiscalSettingsRow | undefined) => {
  const info = parseInfo(row?.certificate_info ?? null);
  return {
    mode: row?.mode ?? 'OFF',
    environment: row?.environment ?? 'TEST',
    endpointEinvoice: row?.endpoint_einvoice ?? null,
    endpointEreporting: row?.endpoint_ereporting ?? null,
    endpointB2c: row?.endpoint_b2c ?? null,
    trustedCa: row?.trusted_ca_pem ? certificatesOf(row.trusted_ca_pem).map((c) => c.fingerprint256) : null,
    certificate: info ? { subject: info.subject, oib: info.oib, validTo: info.validTo, fingerprint256: info.fingerprint256 } : null,
  };
};

/**
 * Saves the settings. A certificate given is read (PKCS#12, password) and checked — an OIB in its
 * subject, valid today, of the chosen environment — and its key stored encrypted; left out, the
 * stored one stays (and is checked against a changed environment). SELF needs a certificate.
 * Refusals change nothing and say why in the reader's language.
 */
export async function saveFiscalSettings(deps: FiscalDeps, input: Input, actor: Actor): Promise<FiscalSettings> {
  const now = deps.now?.() ?? new Date();
  let trusted: string | null = null;
  if (input.trustedCaPem) {
    try {
      if (certificatesOf(input.trustedCaPem).length === 0) throw new Error('none');
    } catch {
      throw new AppError('fiscalTrustedCaInvalid', { field: 'trustedCaPem' });
    }
    trusted = input.trustedCaPem;
  }
  let credentials: { certificatePem: string; chainPem: string; info: string; key: string } | null = null;
  if (input.certificate) {
    try {
      const read = readPkcs12(Buffer.from(input.certificate.p12.replace(/\s+/g, ''), 'base64'), input.certificate.password, now);
      credentials = {
        certificatePem: read.certificatePem,
        chainPem: read.chainPem.join(''),
        info: JSON.stringify(read.info),
        key: seal(deps.secret, read.privateKeyPem),
      };
    } catch (error) {
      if (!(error instanceof CertificateError)) throw error;
      // an expired file is read no further: say when it ran out (or starts), the day in Croatian time,
      // written as the reader's language writes days
      const { validity } = error;
      const params: Record<string, string> = validity ? { validFrom: todayInZagreb(new Date(validity.validFrom)), validTo: todayInZagreb(new Date(validity.validTo)) } : {};
      throw new AppError(CERTIFICATE_ERRORS[error.problem], { field: 'certificate', params });
    }
  }
  await deps.db.transaction().execute(async (trx) => {
    const existing = await repo.findSettings(trx);
    const infoJson = credentials?.info ?? existing?.certificate_info ?? null;
    const info = parseInfo(infoJson);
    if (info && wrongEnvironment(certificateKind(info), input.environment)) {
      throw new AppError('fiscalCertificateWrongEnvironment', { field: credentials ? 'certificate' : 'environment' });
    }
    if (input.mode === 'SELF' && !info) throw new AppError('fiscalCertificateRequired', { field: 'certificate' });
    const endpoint = (name: 'einvoice' | 'ereporting' | 'b2c', column: 'endpoint_einvoice' | 'endpoint_ereporting' | 'endpoint_b2c') =>
      input.endpoints && name in input.endpoints ? (input.endpoints[name] ?? null) : (existing?.[column] ?? null);
    await repo.saveSettings(trx, {
      mode: input.mode,
      environment: input.environment,
      endpoint_einvoice: endpoint('einvoice', 'endpoint_einvoice'),
      endpoint_ereporting: endpoint('ereporting', 'endpoint_ereporting'),
      endpoint_b2c: endpoint('b2c', 'endpoint_b2c'),
      trusted_ca_pem: trusted,
      certificate_pem: credentials?.certificatePem ?? existing?.certificate_pem ?? null,
      chain_pem: credentials?.chainPem ?? existing?.chain_pem ?? null,
      certificate_info: infoJson,
      private_key_enc: credentials?.key ?? existing?.private_key_enc ?? null,
      // documents issued from the moment Faktura fiscalizes are its to fiscalize; not those before
      self_since: input.mode === 'SELF' ? (existing?.mode === 'SELF' ? existing.self_since : now.toISOString()) : (existing?.self_since ?? null),
    });
    const changes = changesBetween(audited(existing), audited(await repo.findSettings(trx)));
    if (Object.keys(changes).length > 0) await record(trx, actor, { action: 'fiscalization.changed', details: { changes } });
  });
  return getFiscalSettings(deps);
}

/** What sending needs: the endpoint of a service and the signer; null when Faktura does not fiscalize. */
export interface SendingSetup {
  mode: FiscalMode;
  environment: FiscalEnvironment;
  einvoice: Endpoint;
  ereporting: Endpoint;
  /** The consumer-invoice service ("Fiskalizacija 1.0", `RacunZahtjev`, TS-F1 6.1). */
  b2c: Endpoint;
  signer: Signer;
  certificateOib: string;
}

export const SEND_TIMEOUT_MS = 20_000;

/**
 * The setup to sign and send with, or why not: `OFF`/`INTERMEDIARY` send nothing; a key that this
 * server's secret cannot open must be uploaded again (`keyUnreadable`).
 */
export async function sendingSetup(deps: FiscalDeps): Promise<SendingSetup | { none: 'OFF' | 'INTERMEDIARY' | 'noCertificate' | 'keyUnreadable' }> {
  const row = await repo.findSettings(deps.db);
  const settings = await view(deps, row);
  if (settings.mode !== 'SELF') return { none: settings.mode };
  if (!row?.certificate_pem || !row.private_key_enc || !settings.certificate) return { none: 'noCertificate' };
  let privateKeyPem: string;
  try {
    privateKeyPem = open(deps.secret, row.private_key_enc);
  } catch (error) {
    if (error instanceof SecretBoxError) return { none: 'keyUnreadable' };
    throw error;
  }
  const endpoint = (url: string): Endpoint => ({ url, trustedCaPem: row.trusted_ca_pem, timeoutMs: SEND_TIMEOUT_MS });
  return {
    mode: settings.mode,
    environment: settings.environment,
    einvoice: endpoint(settings.endpoints.einvoice),
    ereporting: endpoint(settings.endpoints.ereporting),
    b2c: endpoint(settings.endpoints.b2c),
    signer: { privateKeyPem, certificatePem: row.certificate_pem },
    certificateOib: settings.certificate.oib,
  };
}

import fs from 'node:fs';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DbHandle } from './db/connection';
import { requireOperator } from './http/authenticate';
import { registerCachePolicy } from './http/cache';
import { registerCompression } from './http/compression';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './http/errors';
import { registerLanguage } from './http/language';
import { registerHsts, registerSecurityHeaders } from './http/security';
import { registerWebApp, webScriptHashes } from './http/web';
import { accountRoutes } from './modules/auth';
import { addressRoutes } from './modules/address';
import { auditRoutes } from './modules/audit';
import { authRoutes } from './modules/auth';
import type { AuthContext } from './modules/auth';
import { SignInQueue, type SignInQueueOptions } from './modules/auth';
import { companyRoutes } from './modules/company';
import { type TransportTrust, emailRoutes } from './modules/email';
import { healthRoutes } from './modules/health';
import { invoiceRoutes, onAdvancesDeducted, onIssued } from './modules/invoice';
import { advanceRoutes, deductAdvancesHook } from './modules/advance';
import { quoteRoutes } from './modules/quote';
import { kpdRoutes } from './modules/kpd';
import { exchangeRateRoutes, type HnbSource } from './modules/exchangeRate';
import { lineItemRoutes } from './modules/lineItem';
import { DeliveryWorker, deliveryRoutes, queueDelivery } from './modules/delivery';
import { FiscalizationWorker, fiscalizationRoutes, paymentReports, queueIssued } from './modules/fiscalization';
import { issuerRoutes } from './modules/issuer';
import { InboxFetchWorker, ValidationQueue, inboxRoutes, receivedExport, receivedRecord } from './modules/inbox';
import { EInvoiceValidator } from './modules/validation';
import { printRoutes, reportRoutes } from './modules/invoice';
import { kprRoutes } from './modules/kpr';

export interface AppOptions {
  config: Config;
  database: DbHandle;
  secret: Uint8Array;
  /** Bounds concurrent password checks at sign-in (defaults: half the cores at once, 32 waiting). */
  signInQueue?: SignInQueueOptions;
  /** Overrides the logger (tests pass a stream to read what gets logged). */
  logger?: FastifyServerOptions['logger'];
  /** Extra trust for the mail server's certificate (tests use a self-signed one). */
  smtpTrust?: TransportTrust;
  /**
   * Runs the fiscalization outbox in the background (the server does; tests run its rounds
   * themselves). Started when the app is ready, stopped when it closes.
   */
  fiscalizationWorker?: boolean;
  /** Overrides where HNB's exchange-rate list is asked and whom to trust (tests point it at a double). */
  exchangeRates?: Partial<HnbSource>;
}

/** Never log credentials: headers that carry them are redacted wherever they appear. */
export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.cryptogram',
];

/**
 * One log line per request, written when it is answered (method, path, status, time), instead of
 * Fastify's two: each line is a synchronous write on the request's path.
 *
 * The line of a request answered without an error is written by a logger without redaction (issue 33
 * item 2: redacting it was a third of its cost): it holds only what the request and reply serializers
 * take (method, path, host, address and port; the status), never a header, a body or an error, so
 * there is nothing to redact; its bytes are those the request's own logger wrote. Everything else,
 * errors included, goes through the redacting logger.
 */
class OneLinePerRequest extends LogController {
  private plain: FastifyBaseLogger | undefined;

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    // the request's id first, where the request's own logger binds it
    this.plain ??= request.server.log.child({}, { redact: [] });
    this.plain.info({ reqId: request.id, req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Builds the whole HTTP app without listening, so tests can inject requests. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, secret } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, redact: REDACT },
    bodyLimit: 1024 * 1024,
    // ids are at most 10 digits; a longer path parameter answers 414 in the envelope
    routerOptions: { maxParamLength: 100 },
    frameworkErrors,
    clientErrorHandler,
    logController: new OneLinePerRequest(),
    // request.ip (login throttling per address, logs) is the client's only via a configured proxy
    ...(config.trustProxy.length > 0 ? { trustProxy: config.trustProxy.join(',') } : {}),
  }).withTypeProvider<ZodTypeProvider>();
  // what fails outside any request (an idle PostgreSQL connection) goes to the server's log
  database.reportTo?.(app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerLanguage(app);
  registerErrorHandling(app);
  registerCachePolicy(app);
  registerSecurityHeaders(app, { scriptHashes: webScriptHashes(config.webDir) });
  registerHsts(app);
  await app.register(cookie);
  await registerCompression(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Faktura API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const ctx: AuthContext = { db: database.db, secret, signInQueue: new SignInQueue(options.signInQueue) };
  // a received e-invoice's record for its fiscalization as received comes from the inbox (decision 038)
  const fiscalDeps = { db: database.db, secret, received: { record: receivedRecord } };
  // a document issued enters the fiscalization outbox in the transaction that issues it (decision 030)
  onIssued('fiscalization', (trx, invoiceId) => queueIssued(fiscalDeps, trx, invoiceId));
  const worker = new FiscalizationWorker(fiscalDeps, app.log);
  // with autoSend, an e-invoice issued enters the delivery outbox in the same transaction (issue 32)
  onIssued('delivery', (trx, invoiceId) => queueDelivery(fiscalDeps, trx, invoiceId));
  // a final invoice deducts the client's advance invoices through the advance module (issue 48)
  onAdvancesDeducted(deductAdvancesHook);
  const deliveryWorker = new DeliveryWorker(fiscalDeps, app.log);
  // received e-invoices are checked on the three official layers in a worker thread (decision 036)
  const validator = new EInvoiceValidator();
  const validation = new ValidationQueue({ db: database.db, validator }, app.log);
  // received e-invoices are fetched from the intermediary every 15 minutes and on "Fetch now" (decision 037)
  const inboxFetcher = new InboxFetchWorker(fiscalDeps, () => {
    validation.kick();
    worker.kick();
  }, app.log);
  await app.register(healthRoutes(database.db));
  await app.register(authRoutes(ctx));
  await app.register(async (scope) => {
    requireOperator(scope, ctx);
    await scope.register(addressRoutes(database.db));
    await scope.register(companyRoutes(database.db));
    await scope.register(lineItemRoutes(database.db));
    await scope.register(kpdRoutes);
    await scope.register(exchangeRateRoutes(hnbSource(config, options.exchangeRates)));
    await scope.register(issuerRoutes(database.db));
    await scope.register(accountRoutes(database.db));
    await scope.register(invoiceRoutes(database.db, { paymentReports }));
    await scope.register(advanceRoutes(database.db));
    await scope.register(printRoutes(database.db));
    await scope.register(kprRoutes(database.db));
    await scope.register(reportRoutes(database.db, receivedExport));
    await scope.register(auditRoutes(database.db));
    await scope.register(emailRoutes({ db: database.db, smtp: config.smtp, ...(options.smtpTrust ? { trust: options.smtpTrust } : {}) }));
    await scope.register(quoteRoutes({ db: database.db, smtp: config.smtp, ...(options.smtpTrust ? { trust: options.smtpTrust } : {}) }));
    await scope.register(deliveryRoutes({ ...fiscalDeps, processId: deliveryWorker.processId }));
    await scope.register(inboxRoutes({ ...fiscalDeps, processId: inboxFetcher.processId, kept: () => {
      // what was kept is checked and, in SELF mode, fiscalized as received at once, not at the next round
      if (!options.fiscalizationWorker) return;
      validation.kick();
      worker.kick();
    }, rejectionQueued: (which) => {
      // a rejection to report or to tell the intermediary goes at once, not at the next round (decision 042)
      if (!options.fiscalizationWorker) return;
      if (which === 'fiscalization') worker.kick();
      else deliveryWorker.kick();
    } }));
    await scope.register(fiscalizationRoutes({ ...fiscalDeps, processId: worker.processId, kick: () => (options.fiscalizationWorker ? worker.kick() : undefined) }));
  });
  if (options.fiscalizationWorker) {
    app.addHook('onReady', () => {
      worker.start();
      deliveryWorker.kick();
      validation.kick();
      inboxFetcher.kick();
      return Promise.resolve();
    });
    // a document issued is sent at once, not at the next round
    app.addHook('onResponse', (request, reply, done) => {
      if (request.method === 'POST' && reply.statusCode < 300 && request.url.startsWith('/api/v1/invoice')) {
        worker.kick();
        deliveryWorker.kick();
      }
      done();
    });
  }

  await registerWebApp(app, config.webDir);
  app.addHook('onClose', async () => {
    await worker.stop();
    await deliveryWorker.stop();
    await validation.stop();
    await inboxFetcher.stop();
    await validator.close();
    await database.db.destroy();
  });
  return app;
}

/** HNB's list as configured (FAKTURA_HNB_URL, FAKTURA_HNB_CA_FILE), a test's overrides on top. */
function hnbSource(config: Config, overrides: Partial<HnbSource> = {}): HnbSource {
  return {
    url: config.hnb.url,
    trustedCaPem: config.hnb.caFile ? fs.readFileSync(config.hnb.caFile, 'utf8') : null,
    timeoutMs: 5000,
    ...overrides,
  };
}

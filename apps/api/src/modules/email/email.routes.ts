import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailKindQuerySchema,
  emailSettingsInputSchema,
  emailSettingsResponse,
  emailTemplatesInputSchema,
  emailTestInputSchema,
  emailTestResponse,
  idParamsSchema,
  invoiceEmailDraftResponse,
  invoiceEmailInputSchema,
  invoiceEmailRecordResponse,
  invoiceEmailRecordsResponse,
} from '@faktura/shared';
import * as service from './email.service';
import { type EmailDeps, getEmailSettings, saveEmailSettings, saveTemplates } from './email.settings';
import { sendTestEmail } from './email.test-send';

const tags = ['email'];

export const emailRoutes =
  (deps: EmailDeps): FastifyPluginAsyncZod =>
  (app) => {
    app.get('/api/v1/settings/email', { schema: { tags, response: { 200: emailSettingsResponse } } }, async () => ({
      data: await getEmailSettings(deps),
    }));

    app.put(
      '/api/v1/settings/email',
      { schema: { tags, body: emailSettingsInputSchema, response: { 200: emailSettingsResponse } } },
      async (request) => ({ data: await saveEmailSettings(deps, request.body) }),
    );

    app.put(
      '/api/v1/settings/email/templates',
      { schema: { tags, body: emailTemplatesInputSchema, response: { 200: emailSettingsResponse } } },
      async (request) => ({ data: await saveTemplates(deps, request.body) }),
    );

    app.post(
      '/api/v1/settings/email/test',
      { schema: { tags, body: emailTestInputSchema, response: { 200: emailTestResponse } } },
      async (request) => ({ data: await sendTestEmail(deps, request.body.to, request.language) }),
    );

    /** What the send dialog proposes (recipients, subject and body from the template, attachments). */
    app.get(
      '/api/v1/invoice/:id/email/draft',
      { schema: { tags, params: idParamsSchema, querystring: emailKindQuerySchema, response: { 200: invoiceEmailDraftResponse } } },
      async (request) => ({ data: await service.draftEmail(deps, request.params.id, request.query.kind ?? 'invoice') }),
    );

    app.get(
      '/api/v1/invoice/:id/email',
      { schema: { tags, params: idParamsSchema, response: { 200: invoiceEmailRecordsResponse } } },
      async (request) => ({ data: await service.emailsOf(deps.db, request.params.id, request.language) }),
    );

    /** Answers once the server accepted or refused the message: 201 with the record either way. */
    app.post(
      '/api/v1/invoice/:id/email',
      { schema: { tags, params: idParamsSchema, body: invoiceEmailInputSchema, response: { 201: invoiceEmailRecordResponse } } },
      async (request, reply) =>
        reply.code(201).send({ data: await service.sendInvoiceEmail(deps, request.params.id, request.body, request.language) }),
    );
    return Promise.resolve();
  };

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@faktura/shared';
import { route } from '../../http/route';
import * as service from './email.service';
import { type EmailDeps, getEmailSettings, saveEmailSettings, saveTemplates } from './email.settings';
import { sendTestEmail } from './email.test-send';

export const emailRoutes =
  (deps: EmailDeps): FastifyPluginAsyncZod =>
  (app) => {
    route(app, contract.email.settings, async () => ({ data: await getEmailSettings(deps) }));

    route(app, contract.email.saveSettings, async (request) => ({ data: await saveEmailSettings(deps, request.body) }));

    route(app, contract.email.saveTemplates, async (request) => ({ data: await saveTemplates(deps, request.body) }));

    route(app, contract.email.test, async (request) => ({
      data: await sendTestEmail(deps, request.body.to, request.language),
    }));

    /** What the send dialog proposes (recipients, subject and body from the template, attachments). */
    route(app, contract.email.draft, async (request) => ({
      data: await service.draftEmail(deps, request.params.id, request.query.kind ?? 'invoice'),
    }));

    route(app, contract.email.list, async (request) => ({
      data: await service.emailsOf(deps.db, request.params.id, request.language),
    }));

    /** Answers once the server accepted or refused the message: 201 with the record either way. */
    route(app, contract.email.send, async (request, reply) =>
      reply.code(201).send({ data: await service.sendInvoiceEmail(deps, request.params.id, request.body, request.language) }),
    );
    return Promise.resolve();
  };

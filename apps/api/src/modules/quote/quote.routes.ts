import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@faktura/shared';
import { idempotent } from '../../http/idempotency';
import { route } from '../../http/route';
import type { EmailDeps } from '../email';
import { sendQuote } from './quote.email';
import { quotePdf } from './quote.print';
import * as service from './quote.service';

const quote = contract.quote;

/** Quotes under /api/v1/quote (decision 043): their own documents, beside the invoices. */
export const quoteRoutes =
  (deps: EmailDeps): FastifyPluginAsyncZod =>
  (app) => {
    const { db } = deps;
    route(app, quote.list, async (request) => ({ data: await service.listQuotes(db, request.query) }));

    route(app, quote.get, async (request) => ({ data: await service.getQuote(db, request.params.id) }));

    route(app, quote.create, async (request, reply) =>
      idempotent(db, request, reply, 201, (finish) => service.createQuote(db, request.operator, request.body, finish)),
    );

    route(app, quote.update, async (request, reply) =>
      idempotent(db, request, reply, 200, (finish) => service.updateQuote(db, request.params.id, request.body, request.operator, finish)),
    );

    route(app, quote.remove, async (request, reply) =>
      idempotent(db, request, reply, 200, (finish) => service.deleteQuote(db, request.params.id, request.operator, finish)),
    );

    route(app, quote.state, async (request, reply) =>
      idempotent(db, request, reply, 200, (finish) => service.markQuote(db, request.params.id, request.body.state, request.operator, finish)),
    );

    route(app, quote.convert, async (request, reply) =>
      idempotent(db, request, reply, 201, (finish) => service.convertQuote(db, request.params.id, request.body, request.operator, finish)),
    );

    route(app, quote.pdf, async (request, reply) => {
      const { pdf, fileName: name } = await quotePdf(db, request.params.id, request.query.lang ?? request.language);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('cache-control', 'no-store')
        .send(pdf);
    });

    /** Answers once the mail server accepted or refused the message: 201 with the outcome either way. */
    route(app, quote.send, async (request, reply) =>
      reply.code(201).send({ data: await sendQuote(deps, request.params.id, request.body, request.operator, request.language) }),
    );
    return Promise.resolve();
  };

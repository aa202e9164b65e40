import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@faktura/shared';
import { route } from '../../http/route';
import { ExchangeRates } from './exchangeRate.service';
import type { HnbSource } from './hnb';

/** `GET /api/v1/exchange-rate`: HNB's middle rate, proposed by the New invoice form as its euro rate. */
export function exchangeRateRoutes(source: HnbSource): FastifyPluginAsyncZod {
  return (app) => {
    const rates = new ExchangeRates(source, app.log);
    route(app, contract.exchangeRate.get, async (request) => ({ data: await rates.middleRate(request.query) }));
    return Promise.resolve();
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@faktura/shared';
import { route } from '../../http/route';
import { testDeliveryConnection } from './connectionTest';
import { type DeliveryDeps, getDeliverySettings, saveDeliverySettings } from './settings';

export const deliveryRoutes =
  (deps: DeliveryDeps): FastifyPluginAsyncZod =>
  (app) => {
    route(app, contract.delivery.settings, async () => ({ data: await getDeliverySettings(deps) }));
    route(app, contract.delivery.saveSettings, async (request) => ({ data: await saveDeliverySettings(deps, request.body, request.operator) }));
    route(app, contract.delivery.test, async (request) => ({ data: await testDeliveryConnection(deps, request.language) }));
    return Promise.resolve();
  };

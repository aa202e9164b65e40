import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@faktura/shared';
import { route } from '../../http/route';
import { testDeliveryConnection } from './connectionTest';
import { refreshInvoice, sendInvoice } from './sending';
import { type DeliveryDeps, getDeliverySettings, saveDeliverySettings } from './settings';

export const deliveryRoutes =
  (deps: DeliveryDeps & { processId: string }): FastifyPluginAsyncZod =>
  (app) => {
    route(app, contract.delivery.settings, async () => ({ data: await getDeliverySettings(deps) }));
    route(app, contract.delivery.saveSettings, async (request) => ({ data: await saveDeliverySettings(deps, request.body, request.operator) }));
    route(app, contract.delivery.test, async (request) => ({ data: await testDeliveryConnection(deps, request.language) }));
    route(app, contract.delivery.send, async (request) => ({ data: await sendInvoice(deps, request.params.id, request.body, deps.processId, request.operator) }));
    route(app, contract.delivery.refresh, async (request) => ({ data: await refreshInvoice(deps, request.params.id, deps.processId) }));
    return Promise.resolve();
  };

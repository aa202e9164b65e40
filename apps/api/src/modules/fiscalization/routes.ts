import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@faktura/shared';
import { route } from '../../http/route';
import { type FiscalDeps, getFiscalSettings, saveFiscalSettings } from './settings';
import { fiscalMessages, fiscalizeNow, fiscalizeReceivedNow, invoiceFiscalization, receivedFiscalMessages, receivedFiscalization } from './status';

export const fiscalizationRoutes =
  (deps: FiscalDeps & { processId: string; kick?: () => void }): FastifyPluginAsyncZod =>
  (app) => {
    route(app, contract.fiscalization.settings, async () => ({ data: await getFiscalSettings(deps) }));
    route(app, contract.fiscalization.saveSettings, async (request) => {
      const data = await saveFiscalSettings(deps, request.body, request.operator);
      deps.kick?.();
      return { data };
    });
    route(app, contract.fiscalization.status, async (request) => ({ data: await invoiceFiscalization(deps, request.params.id) }));
    route(app, contract.fiscalization.fiscalize, async (request) => ({ data: await fiscalizeNow(deps, request.params.id, deps.processId) }));
    route(app, contract.fiscalization.messages, async (request) => ({ data: await fiscalMessages(deps, request.params.id) }));
    // a received e-invoice's fiscalization as received (decision 038)
    route(app, contract.inbox.fiscalization, async (request) => ({ data: await receivedFiscalization(deps, request.params.id, request.language) }));
    route(app, contract.inbox.fiscalize, async (request) => ({ data: await fiscalizeReceivedNow(deps, request.params.id, deps.processId, request.language) }));
    route(app, contract.inbox.fiscalMessages, async (request) => ({ data: await receivedFiscalMessages(deps, request.params.id) }));
    return Promise.resolve();
  };

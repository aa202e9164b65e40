import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@faktura/shared';
import { route } from '../../http/route';
import { type FiscalDeps, getFiscalSettings, saveFiscalSettings } from './settings';

export const fiscalizationRoutes =
  (deps: FiscalDeps): FastifyPluginAsyncZod =>
  (app) => {
    route(app, contract.fiscalization.settings, async () => ({ data: await getFiscalSettings(deps) }));
    route(app, contract.fiscalization.saveSettings, async (request) => ({
      data: await saveFiscalSettings(deps, request.body, request.operator),
    }));
    return Promise.resolve();
  };

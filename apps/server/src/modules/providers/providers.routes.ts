import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  providerInput,
  providerListQuery,
  providerListResponse,
  providerResponse,
  providerUpdate,
} from '@amparo/shared/modules/providers.schema';
import { uuid } from '@amparo/shared/validation';
import { actorOf } from '../../plugins/actor.ts';
import * as service from './providers.service.ts';

const params = z.object({ id: uuid });
const config = { permission: 'configuracion_proveedores' as const };
const tags = ['providers'];

/** Providers (issue 26 section 1), permission `configuracion_proveedores`; no delete (deactivate instead). */
export const providersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;
  app.get(
    '/api/providers',
    {
      config,
      schema: {
        operationId: 'listProviders',
        tags,
        summary: 'A page of providers by name; q by words over the name and trade name, or a NIT exactly',
        querystring: providerListQuery,
        response: { 200: providerListResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.listProviders(db(), request.query) }),
  );
  app.get(
    '/api/providers/:id',
    {
      config,
      schema: {
        operationId: 'getProvider',
        tags,
        summary: 'One provider, with its department and municipality names',
        params,
        response: { 200: providerResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.getProvider(db(), request.params.id) }),
  );
  app.post(
    '/api/providers',
    {
      config: { ...config, problems: { 409: ['duplicate'] } },
      schema: {
        operationId: 'createProvider',
        tags,
        summary:
          'Create (audited): 400 nit_invalid, municipality_not_in_department, unknown_code; 409 duplicate on nit',
        body: providerInput,
        response: { 200: providerResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.createProvider(db(), actorOf(request), request.body),
    }),
  );
  app.put(
    '/api/providers/:id',
    {
      config: { ...config, problems: { 404: ['not_found'], 409: ['duplicate', 'version_conflict'] } },
      schema: {
        operationId: 'updateProvider',
        tags,
        summary: 'Edit or deactivate (audited): the checks of create; 409 version_conflict on a stale version',
        params,
        body: providerUpdate,
        response: { 200: providerResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updateProvider(db(), actorOf(request), request.params.id, request.body),
    }),
  );
};

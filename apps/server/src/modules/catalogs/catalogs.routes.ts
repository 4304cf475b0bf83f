import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CATALOG_NAMES,
  catalogItemCreate,
  catalogItemResponse,
  catalogItemsResponse,
  catalogItemUpdate,
  catalogOptionsBody,
  catalogOptionsResponse,
} from '@amparo/shared/modules/catalogs.schema';
import { okResponse } from '@amparo/shared/modules/auth.schema';
import { uuid } from '@amparo/shared/validation';
import { AppError, notFound } from '../../lib/errors.ts';
import * as service from './catalogs.service.ts';
import { actorOf } from '../../plugins/actor.ts';

const config = { permission: 'configuracion_catalogos' as const };
const tags = ['catalogs'];
const itemParams = z.object({ id: uuid });

/** The generic catalog call and the catalog editor (permission `configuracion_catalogos`). */
export const catalogsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/catalog/:name',
    {
      config: { permission: 'session' },
      schema: {
        operationId: 'catalogOptions',
        tags,
        summary: 'Dropdown options { code, cname, value } of a catalog (spec section 7)',
        description: `Names: ${CATALOG_NAMES.join(', ')}, department, municipality (body.parent = department code), and the lists modules register (headquarter, role, cooperating: 403 forbidden unless the caller holds one of the list's reader keys, issue 23 item 4); program takes body.parent = a strategic axis code.`,
        params: z.object({ name: z.string().max(40) }),
        body: catalogOptionsBody,
        response: { 200: catalogOptionsResponse },
      },
    },
    async (request) => {
      const body = request.body ?? { lang: 'es' as const, includeInactive: false };
      // A list of records (headquarter, role, cooperating) only to holders of one of its reader keys (issue 23 item 4).
      if (!app.optionSources.mayRead(request.params.name, actorOf(request).permissions))
        throw new AppError(403, 'forbidden');
      const data = await service.options(
        app.db.db,
        app.optionSources,
        request.params.name,
        body.lang,
        body.parent,
        body.includeInactive,
      );
      if (!data) throw notFound();
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/catalogs/:catalog/items',
    {
      config,
      schema: {
        operationId: 'listCatalogItems',
        tags,
        summary: 'Every item of a catalog, inactive included',
        params: z.object({ catalog: z.enum(CATALOG_NAMES) }),
        response: { 200: catalogItemsResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.listItems(app.db.db, request.params.catalog) }),
  );

  app.post(
    '/api/catalogs/items',
    {
      config,
      schema: {
        operationId: 'createCatalogItem',
        tags,
        summary: 'Add an item; 409 duplicate code',
        body: catalogItemCreate,
        response: { 200: catalogItemResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.createItem(app.db.db, actorOf(request), request.body),
    }),
  );

  app.put(
    '/api/catalogs/items/:id',
    {
      config,
      schema: {
        operationId: 'updateCatalogItem',
        tags,
        summary: 'Rename or (de)activate; 409 on a stale version',
        params: itemParams,
        body: catalogItemUpdate,
        response: { 200: catalogItemResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updateItem(app.db.db, actorOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/catalogs/items/:id',
    {
      config,
      schema: {
        operationId: 'deleteCatalogItem',
        tags,
        summary: 'Delete an unused item; 409 in_use',
        params: itemParams,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await service.deleteItem(app.db.db, app.catalogColumns, actorOf(request), request.params.id);
      return { success: true as const, data: {} };
    },
  );
};

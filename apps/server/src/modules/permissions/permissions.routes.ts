import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { permissionExportQuery, permissionListResponse } from '@amparo/shared/modules/permissions.schema';
import { actorOf, sendContent } from '../../plugins/actor.ts';
import { listPermissions } from './permissions.service.ts';
import { exportPermissions } from './permissions.export.ts';

const config = { permission: 'configuracion_roles' as const };
const tags = ['permissions'];

/**
 * The system permission screen (spec section 6, issue 24 section 5), permission `configuracion_roles`: every key,
 * what it opens (web screens, and API operations read from `app.apiRoutes`, the routes registered in this app) and
 * who holds it. Read at request time, so routes registered after this module's are listed too.
 */
export const permissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/permissions',
    {
      config,
      schema: {
        operationId: 'listPermissions',
        tags,
        summary: 'Every permission key with its labels, the screens and API operations it opens, and its holders',
        response: { 200: permissionListResponse },
      },
    },
    async () => ({ success: true as const, data: await listPermissions(app.db.db, app.apiRoutes) }),
  );

  app.get(
    '/api/permissions/export',
    {
      config,
      schema: {
        operationId: 'exportPermissions',
        tags,
        summary: 'The permission screen as xlsx in the given language (audited); x-export-rows gives the row count',
        querystring: permissionExportQuery,
      },
    },
    async (request, reply) => {
      const items = await listPermissions(app.db.db, app.apiRoutes);
      return sendContent(
        reply,
        await exportPermissions(app.db.db, actorOf(request), items, request.query.lang, request.log),
      );
    },
  );
};

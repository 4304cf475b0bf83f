import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  collaboratorInput,
  collaboratorListQuery,
  collaboratorListResponse,
  collaboratorResponse,
  collaboratorUpdate,
} from '@amparo/shared/modules/talent.schema';
import { uuid } from '@amparo/shared/validation';
import { actorOf } from '../../plugins/actor.ts';
import * as service from './collaborators.service.ts';

const params = z.object({ id: uuid });
const config = { permission: 'talento_colaboradores' as const };
const tags = ['talent'];

/**
 * The collaborator registry (issue 27 section 4), permission `talento_colaboradores`: list, register, open
 * (audited as a `view`), edit. No delete: deactivate instead, as executed payroll names them.
 */
export const collaboratorsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;
  app.get(
    '/api/talent/collaborators',
    {
      config,
      schema: {
        operationId: 'listCollaborators',
        tags,
        summary:
          'A page of collaborators by last names; q (2+ characters) by words over the names, or the start of a code or a DPI',
        querystring: collaboratorListQuery,
        response: { 200: collaboratorListResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.listCollaborators(db(), request.query) }),
  );
  app.get(
    '/api/talent/collaborators/:id',
    {
      config: { ...config, problems: { 404: ['not_found'] } },
      schema: {
        operationId: 'getCollaborator',
        tags,
        summary: 'One collaborator with its headquarter name (the opening is audited as a view)',
        params,
        response: { 200: collaboratorResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getCollaborator(db(), actorOf(request), request.params.id),
    }),
  );
  app.post(
    '/api/talent/collaborators',
    {
      config: { ...config, problems: { 409: ['duplicate'] } },
      schema: {
        operationId: 'createCollaborator',
        tags,
        summary:
          'Register a collaborator (audited): 400 dpi_invalid, headquarterId unknown_code or inactive; 409 duplicate on code or dpi',
        body: collaboratorInput,
        response: { 200: collaboratorResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.createCollaborator(db(), actorOf(request), request.body),
    }),
  );
  app.put(
    '/api/talent/collaborators/:id',
    {
      config: { ...config, problems: { 404: ['not_found'], 409: ['duplicate', 'version_conflict'] } },
      schema: {
        operationId: 'updateCollaborator',
        tags,
        summary: 'Edit or deactivate (audited): the checks of create; 409 version_conflict on a stale version',
        params,
        body: collaboratorUpdate,
        response: { 200: collaboratorResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updateCollaborator(db(), actorOf(request), request.params.id, request.body),
    }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  headquarterInput,
  headquarterListResponse,
  headquarterResponse,
  headquarterUpdate,
} from '@amparo/shared/modules/headquarters.schema';
import { okResponse } from '@amparo/shared/modules/auth.schema';
import { uuid } from '@amparo/shared/validation';
import * as service from './headquarters.service.ts';
import { actorOf } from '../../plugins/actor.ts';

const params = z.object({ id: uuid });
const config = { permission: 'configuracion_sede' as const };
const tags = ['headquarters'];

/** Headquarters (sedes), permission `configuracion_sede`. */
export const headquartersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/headquarters',
    {
      config,
      schema: {
        operationId: 'listHeadquarters',
        summary: 'All headquarters',
        tags,
        response: { 200: headquarterListResponse },
      },
    },
    async () => ({ success: true as const, data: await service.listHeadquarters(app.db.db) }),
  );
  app.get(
    '/api/headquarters/:id',
    {
      config,
      schema: {
        operationId: 'getHeadquarter',
        summary: 'One headquarter',
        tags,
        params,
        response: { 200: headquarterResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.getHeadquarter(app.db.db, request.params.id) }),
  );
  app.post(
    '/api/headquarters',
    {
      config,
      schema: {
        operationId: 'createHeadquarter',
        tags,
        summary: 'Create; 409 duplicate code',
        body: headquarterInput,
        response: { 200: headquarterResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.createHeadquarter(app.db.db, actorOf(request), request.body),
    }),
  );
  app.put(
    '/api/headquarters/:id',
    {
      config,
      schema: {
        operationId: 'updateHeadquarter',
        tags,
        summary: 'Update; 409 on a stale version',
        params,
        body: headquarterUpdate,
        response: { 200: headquarterResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updateHeadquarter(app.db.db, actorOf(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/headquarters/:id',
    {
      config,
      schema: {
        operationId: 'deleteHeadquarter',
        tags,
        summary: 'Delete; 409 in_use when persons belong to it',
        params,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await service.deleteHeadquarter(app.db.db, actorOf(request), request.params.id);
      return { success: true as const, data: {} };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  settingHistoryResponse,
  settingsListResponse,
  settingValueInput,
  settingValueUpdate,
} from '@amparo/shared/modules/settings.schema';
import { uuid } from '@amparo/shared/validation';
import { actorOf } from '../../plugins/actor.ts';
import * as service from './settings.service.ts';

const config = { permission: 'configuracion_parametros' } as const;
const tags = ['settings'];
const keyParams = z.object({ key: z.string().max(80) });
const valueParams = keyParams.extend({ id: uuid });

/**
 * Configuración › Parámetros legales (issue 25 section 3, key configuracion_parametros): the dated settings law and
 * policy set (rates as fractions, amounts in Q, dates America/Guatemala). Values in force or past are fixed; a
 * change is a new value from a date.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings',
    {
      config,
      schema: {
        operationId: 'listSettings',
        tags,
        summary: 'Every dated setting with its source, the value in force today and the next scheduled one',
        response: { 200: settingsListResponse },
      },
    },
    async () => ({ success: true as const, data: await service.listSettings(app.db.db) }),
  );
  app.get(
    '/api/settings/:key',
    {
      config,
      schema: {
        operationId: 'getSetting',
        tags,
        summary: "A setting's every value, oldest first, each past, current or scheduled",
        params: keyParams,
        response: { 200: settingHistoryResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.settingHistory(app.db.db, request.params.key) }),
  );
  app.post(
    '/api/settings/:key/values',
    {
      config: { ...config, problems: { 409: ['duplicate'] } },
      schema: {
        operationId: 'addSettingValue',
        tags,
        summary: 'Adds a value in force from a date (400 when it does not fit the type; 409 duplicate date)',
        params: keyParams,
        body: settingValueInput,
        response: { 200: settingHistoryResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.addValue(app.db.db, actorOf(request), request.params.key, request.body),
    }),
  );
  app.put(
    '/api/settings/:key/values/:id',
    {
      config: { ...config, problems: { 409: ['setting_in_force'] } },
      schema: {
        operationId: 'updateSettingValue',
        tags,
        summary: 'Corrects a value not yet in force (409 setting_in_force for one in force or past)',
        params: valueParams,
        body: settingValueUpdate,
        response: { 200: settingHistoryResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updateValue(app.db.db, actorOf(request), request.params.key, request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/settings/:key/values/:id',
    {
      config: { ...config, problems: { 409: ['setting_in_force'] } },
      schema: {
        operationId: 'deleteSettingValue',
        tags,
        summary: 'Removes a value not yet in force (409 setting_in_force for one in force or past)',
        params: valueParams,
        response: { 200: settingHistoryResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.deleteValue(app.db.db, actorOf(request), request.params.key, request.params.id),
    }),
  );
};

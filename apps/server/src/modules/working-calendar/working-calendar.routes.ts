import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  workingCalendarQuery,
  workingCalendarResponse,
  workingHolidayInput,
  workingHolidayResponse,
} from '@amparo/shared/modules/working-calendar.schema';
import { okResponse } from '@amparo/shared/modules/auth.schema';
import { uuid } from '@amparo/shared/validation';
import { actorOf } from '../../plugins/actor.ts';
import * as service from './working-calendar.service.ts';

/** Configuración › Calendario laboral (issue 12, key configuracion_calendario): the days working time leaves out. */
export const workingCalendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/working-calendar',
    {
      config: { permission: 'configuracion_calendario' },
      schema: {
        operationId: 'getWorkingCalendar',
        tags: ['working-calendar'],
        summary: "A year's public holidays of Guatemala and the charity's own closed days",
        querystring: workingCalendarQuery,
        response: { 200: workingCalendarResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.calendarOf(app.db.db, request.query.year) }),
  );

  app.post(
    '/api/working-calendar/holidays',
    {
      config: { permission: 'configuracion_calendario' },
      schema: {
        operationId: 'addWorkingHoliday',
        tags: ['working-calendar'],
        summary: 'Adds a closed day (every headquarter or one; whole or from an hour); 409 duplicate',
        body: workingHolidayInput,
        response: { 200: workingHolidayResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.addHoliday(app.db.db, actorOf(request), request.body),
    }),
  );

  app.delete(
    '/api/working-calendar/holidays/:id',
    {
      config: { permission: 'configuracion_calendario' },
      schema: {
        operationId: 'removeWorkingHoliday',
        tags: ['working-calendar'],
        summary: 'Removes a closed day',
        params: z.object({ id: uuid }),
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await service.removeHoliday(app.db.db, actorOf(request), request.params.id);
      return { success: true as const, data: {} };
    },
  );
};

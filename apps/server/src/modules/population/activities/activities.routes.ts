import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityCreate,
  activityListQuery,
  activityListResponse,
  activityResponse,
  activityUpdate,
  participantInput,
  personActivitiesResponse,
  photoPersonsInput,
  planningLineOptionsQuery,
  planningLineOptionsResponse,
} from '@amparo/shared/modules/population-activities.schema';
import { okResponse } from '@amparo/shared/modules/auth.schema';
import { uuid } from '@amparo/shared/validation';
import { userOptionsResponse } from '@amparo/shared/modules/users.schema';
import { personListQuery, personListResponse } from '@amparo/shared/modules/population.schema';
import { searchUserOptions } from '../../users/users.service.ts';
import { listPersons } from '../persons/persons.service.ts';
import * as service from './activities.service.ts';
import * as photos from './activity-photos.service.ts';
import { auditListed, auditRead } from '../../../lib/read-audit.ts';
import { actorOf, sendContent, uploadSource } from '../../../plugins/actor.ts';

const config = { permission: 'poblacion_actividades' as const };
const tags = ['population activities'];
const params = z.object({ id: uuid });

/**
 * Group activities (issue 4), permission `poblacion_actividades` to read; every
 * write also needs to be the activity's creator, a facilitator or hold
 * `poblacion_actividades_gestion` (403 activity_not_editable, issue 9 item 2).
 */
export const activitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;

  app.get(
    '/api/population/planning-lines',
    {
      // Both activity and attention forms offer them: the module key, which their users hold.
      config: { permission: 'poblacion' },
      schema: {
        operationId: 'planningLineOptions',
        tags,
        summary: 'Planning lines (POA) of a year an activity or attention may execute, by code or description',
        querystring: planningLineOptionsQuery,
        response: { 200: planningLineOptionsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await app.planLinks.options(db(), request.query.year, request.query.q ?? null),
    }),
  );
  app.get(
    '/api/population/activities',
    {
      config,
      schema: {
        operationId: 'listActivities',
        tags,
        summary:
          'Group activities, paged, searched by name, filtered by type, start dates (YYYY-MM-DD, America/Guatemala) and age (created today, yesterday, within a week, a month or two months)',
        querystring: activityListQuery,
        response: { 200: activityListResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.listActivities(db(), request.query) }),
  );
  app.post(
    '/api/population/activities',
    {
      config,
      schema: {
        operationId: 'createActivity',
        tags,
        summary: 'startsAt is YYYY-MM-DDTHH:mm in America/Guatemala',
        body: activityCreate,
        response: { 200: activityResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.createActivity(db(), app.planLinks, actorOf(request), request.body),
    }),
  );
  app.get(
    '/api/population/activities/:id',
    {
      config,
      schema: {
        operationId: 'getActivity',
        tags,
        summary: 'Participants the caller may read; others only counted',
        params,
        response: { 200: activityResponse },
      },
    },
    async (request) => {
      const data = await service.getActivity(db(), actorOf(request), request.params.id);
      // The participants named are audited as seen (issue 9 item 5).
      await auditListed(
        db(),
        actorOf(request),
        data.participants.map((p) => p.personId),
        'activity',
      );
      return { success: true as const, data };
    },
  );
  app.put(
    '/api/population/activities/:id',
    {
      config,
      schema: {
        operationId: 'updateActivity',
        tags,
        summary: '409 on a stale version',
        params,
        body: activityUpdate,
        response: { 200: activityResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updateActivity(db(), app.planLinks, actorOf(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/population/activities/:id',
    {
      config,
      schema: {
        operationId: 'deleteActivity',
        summary: 'Delete a group activity',
        tags,
        params,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await service.deleteActivity(db(), app.files, actorOf(request), request.params.id);
      return { success: true as const, data: {} };
    },
  );

  app.post(
    '/api/population/activities/:id/participants',
    {
      config,
      schema: {
        operationId: 'addParticipant',
        tags,
        summary: 'Attach a registered person the caller may read (403 no_person_access); 409 duplicate',
        params,
        body: participantInput,
        response: { 200: activityResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.addParticipant(db(), actorOf(request), request.params.id, request.body.personId),
    }),
  );
  app.delete(
    '/api/population/activities/:id/participants/:personId',
    {
      config,
      schema: {
        operationId: 'removeParticipant',
        summary: 'Remove a person from a group activity',
        tags,
        params: z.object({ id: uuid, personId: uuid }),
        response: { 200: activityResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.removeParticipant(db(), actorOf(request), request.params.id, request.params.personId),
    }),
  );

  app.post(
    '/api/population/activities/:id/photos',
    {
      config,
      schema: {
        operationId: 'addActivityPhoto',
        tags,
        summary:
          'Upload a photo (multipart `photo`, PNG or JPEG by content, ACTIVITY_PHOTO_MAX_BYTES); a thumbnail is made',
        params,
        consumes: ['multipart/form-data'],
        response: { 200: activityResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await photos.addPhoto(
        db(),
        app.files,
        actorOf(request),
        uploadSource(request),
        request.params.id,
        app.config.ACTIVITY_PHOTO_MAX_BYTES,
      ),
    }),
  );
  app.delete(
    '/api/population/activities/:id/photos/:photoId',
    {
      config,
      schema: {
        operationId: 'deleteActivityPhoto',
        summary: "Delete a group activity's photo",
        tags,
        params: z.object({ id: uuid, photoId: uuid }),
        response: { 200: activityResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await photos.deletePhoto(db(), app.files, actorOf(request), request.params.id, request.params.photoId),
    }),
  );
  app.put(
    '/api/population/activities/:id/photos/:photoId/persons',
    {
      config,
      schema: {
        operationId: 'setActivityPhotoPersons',
        tags,
        summary:
          'Who appears in a photo: participants the caller may read (400 not_a_participant, 403 no_person_access, 403 photo_hidden). Untagging or clearing a hidden photo: manager key and reason (403 activity_manager_required, 400 reason required)',
        params: z.object({ id: uuid, photoId: uuid }),
        body: photoPersonsInput,
        response: { 200: activityResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await photos.setPhotoPersons(
        db(),
        actorOf(request),
        request.params.id,
        request.params.photoId,
        request.body.personIds,
        request.body.reason,
      ),
    }),
  );
  app.get(
    '/api/population/activity-photos/:photoId',
    {
      config,
      schema: {
        operationId: 'activityPhoto',
        tags,
        summary:
          "A photo's bytes (?size=thumb for the thumbnail); 403 photo_hidden without image consent of someone in it",
        params: z.object({ photoId: uuid }),
        querystring: z.object({ size: z.enum(['thumb', 'full']).default('full') }),
      },
    },
    async (request, reply) =>
      sendContent(
        reply,
        await photos.photoContent(db(), app.files, actorOf(request), request.params.photoId, request.query.size),
      ),
  );

  // Pickers for the activity forms, so poblacion_actividades alone is enough to fill them.
  app.get(
    '/api/population/activities/lookup/users',
    {
      config,
      schema: {
        operationId: 'activityUserLookup',
        tags,
        summary: 'Active users to choose as facilitators',
        querystring: z.object({ q: z.string().trim().max(100).optional() }),
        response: { 200: userOptionsResponse },
      },
    },
    async (request) => ({ success: true as const, data: await searchUserOptions(db(), request.query.q) }),
  );
  app.get(
    '/api/population/activities/lookup/persons',
    {
      config,
      schema: {
        operationId: 'activityPersonLookup',
        tags,
        summary: 'Persons the caller may read, to attach as participants (same query as the population list)',
        querystring: personListQuery,
        response: { 200: personListResponse },
      },
    },
    async (request) => ({ success: true as const, data: await listPersons(db(), actorOf(request), request.query) }),
  );

  app.get(
    '/api/population/persons/:id/activities',
    {
      config: { permission: 'poblacion_poblacion' },
      schema: {
        operationId: 'personActivities',
        tags,
        summary: 'Activities a person attended (read grant on the person)',
        params,
        response: { 200: personActivitiesResponse },
      },
    },
    async (request) => {
      const data = await service.personActivities(db(), actorOf(request), request.params.id);
      await auditRead(db(), actorOf(request), request.params.id, 'activities');
      return { success: true as const, data };
    },
  );
};

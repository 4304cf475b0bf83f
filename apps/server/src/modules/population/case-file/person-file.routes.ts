import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  consentInput,
  consentsResponse,
  periodsResponse,
  personPhotoResponse,
  readmissionInput,
} from '@amparo/shared/modules/population-file.schema';
import { uuid } from '@amparo/shared/validation';
import * as service from './person-file.service.ts';
import { actorOf, sendContent, uploadSource } from '../../../plugins/actor.ts';

const config = { permission: 'poblacion_poblacion' as const };
const tags = ['population file'];
const params = z.object({ id: uuid });

/** A person's periods, consents, photo and documents (issue 4): `poblacion_poblacion` plus the person's grant. */
export const personFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;

  app.get(
    '/api/population/persons/:id/periods',
    {
      config,
      schema: {
        operationId: 'personPeriods',
        tags,
        summary: 'Admission periods, oldest first; the last is current',
        params,
        response: { 200: periodsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listPeriods(db(), actorOf(request), request.params.id),
    }),
  );
  app.post(
    '/api/population/persons/:id/readmission',
    {
      config,
      schema: {
        operationId: 'readmitPerson',
        tags,
        summary: 'Open a new period for a departed person; the closed one is kept',
        params,
        body: readmissionInput,
        response: { 200: periodsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.readmit(db(), actorOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/population/persons/:id/consents',
    {
      config,
      schema: {
        operationId: 'personConsents',
        summary: "A person's consents: whether granted, when, by whom and the supporting document",
        tags,
        params,
        response: { 200: consentsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listConsents(db(), actorOf(request), request.params.id),
    }),
  );
  app.put(
    '/api/population/persons/:id/consents',
    {
      config,
      schema: {
        operationId: 'setConsent',
        tags,
        summary: 'Record or change one kind of consent',
        params,
        body: consentInput,
        response: { 200: consentsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.setConsent(db(), actorOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    '/api/population/persons/:id/photo-info',
    {
      config,
      schema: {
        operationId: 'personPhotoInfo',
        summary: 'Whether a person has a photo and has consented to images',
        tags,
        params,
        response: { 200: personPhotoResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.photoInfo(db(), actorOf(request), request.params.id),
    }),
  );
  app.put(
    '/api/population/persons/:id/photo',
    {
      config,
      schema: {
        operationId: 'setPersonPhoto',
        tags,
        summary:
          "Upload the person's photo (multipart `photo`, PNG or JPEG by content, PHOTO_MAX_BYTES); a thumbnail is made",
        params,
        consumes: ['multipart/form-data'],
        response: { 200: personPhotoResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.setPhoto(
        db(),
        app.files,
        actorOf(request),
        uploadSource(request),
        request.params.id,
        app.config.PHOTO_MAX_BYTES,
      ),
    }),
  );
  app.delete(
    '/api/population/persons/:id/photo',
    {
      config,
      schema: {
        operationId: 'deletePersonPhoto',
        summary: "Delete a person's photo",
        tags,
        params,
        response: { 200: personPhotoResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.deletePhoto(db(), app.files, actorOf(request), request.params.id),
    }),
  );
  app.get(
    '/api/population/persons/:id/photo',
    {
      config,
      schema: {
        operationId: 'personPhoto',
        tags,
        summary: "The person's photo (?size=thumb), inside their file only",
        params,
        querystring: z.object({ size: z.enum(['thumb', 'full']).default('full') }),
      },
    },
    async (request, reply) =>
      sendContent(
        reply,
        await service.photoContent(db(), app.files, actorOf(request), request.params.id, request.query.size),
      ),
  );
};

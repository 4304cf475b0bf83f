import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attentionInput,
  attentionListQuery,
  attentionResponse,
  attentionsResponse,
  attentionUpdate,
  linkInput,
  linksResponse,
  linkUpdate,
  myAttentionsResponse,
  perpetratorInput,
  perpetratorResponse,
  perpetratorsResponse,
  perpetratorUpdate,
} from '@amparo/shared/modules/population-case.schema';
import { okResponse } from '@amparo/shared/modules/auth.schema';
import { uuid } from '@amparo/shared/validation';
import * as service from './case.service.ts';
import { actorOf } from '../../../plugins/actor.ts';

const config = { permission: 'poblacion_poblacion' as const };
const tags = ['population case file'];
const person = z.object({ id: uuid });
const sub = (name: string) => z.object({ id: uuid, [name]: uuid });
const ok = { success: true as const, data: {} };

/**
 * The person's case file (issue 4): linked people, alleged perpetrators and
 * attentions, under `poblacion_poblacion` plus the person's grant (read for
 * GET, write for the rest; 403 `no_person_access` otherwise).
 */
export const caseRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;

  app.get(
    '/api/population/persons/:id/links',
    {
      config,
      schema: {
        operationId: 'listLinks',
        tags,
        summary: 'Linked people, both directions',
        params: person,
        response: { 200: linksResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listLinks(db(), actorOf(request), request.params.id),
    }),
  );
  app.post(
    '/api/population/persons/:id/links',
    {
      config,
      schema: {
        operationId: 'createLink',
        tags,
        summary: 'Link a registered person (read grant on them needed) or an outside person; 409 duplicate',
        params: person,
        body: linkInput,
        response: { 200: linksResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.createLink(db(), actorOf(request), request.params.id, request.body),
    }),
  );
  app.put(
    '/api/population/persons/:id/links/:linkId',
    {
      config,
      schema: {
        operationId: 'updateLink',
        summary: "Update a person's link to another person; 409 on a stale version",
        tags,
        params: sub('linkId'),
        body: linkUpdate,
        response: { 200: linksResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updateLink(
        db(),
        actorOf(request),
        request.params.id,
        request.params.linkId as string,
        request.body,
      ),
    }),
  );
  app.delete(
    '/api/population/persons/:id/links/:linkId',
    {
      config,
      schema: {
        operationId: 'deleteLink',
        summary: "Delete a person's link to another person",
        tags,
        params: sub('linkId'),
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await service.deleteLink(db(), actorOf(request), request.params.id, request.params.linkId as string);
      return ok;
    },
  );

  app.get(
    '/api/population/persons/:id/perpetrators',
    {
      config,
      schema: {
        operationId: 'listPerpetrators',
        tags,
        summary: 'Alleged perpetrators (each view audited)',
        params: person,
        response: { 200: perpetratorsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listPerpetrators(db(), actorOf(request), request.params.id),
    }),
  );
  app.post(
    '/api/population/persons/:id/perpetrators',
    {
      config,
      schema: {
        operationId: 'createPerpetrator',
        summary: 'Record a perpetrator on a person',
        tags,
        params: person,
        body: perpetratorInput,
        response: { 200: perpetratorResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.createPerpetrator(db(), actorOf(request), request.params.id, request.body),
    }),
  );
  app.put(
    '/api/population/persons/:id/perpetrators/:perpetratorId',
    {
      config,
      schema: {
        operationId: 'updatePerpetrator',
        summary: "Update a person's perpetrator; 409 on a stale version",
        tags,
        params: sub('perpetratorId'),
        body: perpetratorUpdate,
        response: { 200: perpetratorResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updatePerpetrator(
        db(),
        actorOf(request),
        request.params.id,
        request.params.perpetratorId as string,
        request.body,
      ),
    }),
  );
  app.delete(
    '/api/population/persons/:id/perpetrators/:perpetratorId',
    {
      config,
      schema: {
        operationId: 'deletePerpetrator',
        summary: "Delete a person's perpetrator",
        tags,
        params: sub('perpetratorId'),
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await service.deletePerpetrator(
        db(),
        actorOf(request),
        request.params.id,
        request.params.perpetratorId as string,
      );
      return ok;
    },
  );

  app.get(
    '/api/population/persons/:id/attentions',
    {
      config,
      schema: {
        operationId: 'listAttentions',
        tags,
        summary: 'Attentions, newest first',
        params: person,
        querystring: attentionListQuery,
        response: { 200: attentionsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listAttentions(
        db(),
        actorOf(request),
        request.params.id,
        request.query.page,
        request.query.pageSize,
      ),
    }),
  );
  app.post(
    '/api/population/persons/:id/attentions',
    {
      config,
      schema: {
        operationId: 'createAttention',
        tags,
        summary: 'Record an attention; attendedAt is YYYY-MM-DDTHH:mm in America/Guatemala',
        params: person,
        body: attentionInput,
        response: { 200: attentionResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.createAttention(db(), app.planLinks, actorOf(request), request.params.id, request.body),
    }),
  );
  app.put(
    '/api/population/persons/:id/attentions/:attentionId',
    {
      config,
      schema: {
        operationId: 'updateAttention',
        summary: "Update one of a person's attentions; 409 on a stale version",
        tags,
        params: sub('attentionId'),
        body: attentionUpdate,
        response: { 200: attentionResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updateAttention(
        db(),
        app.planLinks,
        actorOf(request),
        request.params.id,
        request.params.attentionId as string,
        request.body,
      ),
    }),
  );
  app.delete(
    '/api/population/persons/:id/attentions/:attentionId',
    {
      config,
      schema: {
        operationId: 'deleteAttention',
        summary: "Delete one of a person's attentions",
        tags,
        params: sub('attentionId'),
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await service.deleteAttention(db(), actorOf(request), request.params.id, request.params.attentionId as string);
      return ok;
    },
  );

  app.get(
    '/api/population/attentions/mine',
    {
      config,
      schema: {
        operationId: 'myAttentions',
        tags,
        summary: "The caller's own attentions as professional",
        querystring: attentionListQuery,
        response: { 200: myAttentionsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.myAttentions(db(), actorOf(request), request.query.page, request.query.pageSize),
    }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assigneesResponse,
  supportDashboardResponse,
  supportSettings,
  supportSettingsResponse,
  ticketBoardQuery,
  ticketBoardResponse,
  ticketCommentInput,
  ticketExportQuery,
  ticketFileQuery,
  ticketInput,
  ticketListQuery,
  ticketListResponse,
  ticketResponse,
  ticketTransitionBody,
  ticketUpdate,
} from '@amparo/shared/modules/support.schema';
import { uuid } from '@amparo/shared/validation';
import { actorOf, sendContent, uploadSource } from '../../plugins/actor.ts';
import * as service from './support.service.ts';
import { exportTickets } from './support.export.ts';
import * as repo from './support.repository.ts';

/**
 * Support tickets (issue 12), under /api/support. Routes of the record and
 * the lists declare the module key `soporte`: the service then serves a
 * requester (`soporte_tickets`) their own tickets and support staff
 * (`soporte_gestion`) every ticket, and 403s a holder of neither. Raising a
 * ticket needs `soporte_tickets`; the queue's board, dashboard, settings and
 * edits need `soporte_gestion`. The auto-close job runs every 15 minutes.
 */
const ownOrAll = { permission: 'soporte' as const };
const raise = { permission: 'soporte_tickets' as const };
const manage = { permission: 'soporte_gestion' as const };
const tags = ['support'];
const params = z.object({ id: uuid });
const fileParams = z.object({ id: uuid, fileId: uuid });

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;

  app.get(
    '/api/support/tickets',
    {
      config: ownOrAll,
      schema: {
        operationId: 'listTickets',
        tags,
        summary:
          'Tickets, paged: scope=mine (own) or queue (every ticket: soporte_gestion); search ≥ 2 characters over number, description and comments; filters; each with its service targets in working minutes',
        querystring: ticketListQuery,
        response: { 200: ticketListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listTickets(db(), actorOf(request), request.query),
    }),
  );
  app.get(
    '/api/support/tickets/export',
    {
      config: ownOrAll,
      schema: {
        operationId: 'exportTickets',
        tags,
        summary: 'The filtered list as xlsx (streamed; audited); x-export-rows gives the row count',
        querystring: ticketExportQuery,
      },
    },
    async (request, reply) =>
      sendContent(reply, await exportTickets(db(), actorOf(request), request.query, request.log)),
  );
  app.post(
    '/api/support/tickets',
    {
      config: raise,
      schema: {
        operationId: 'createTicket',
        tags,
        summary: 'Raise a ticket: numbered TK-YYYY-NNNNNN, targets computed in working time, support notified',
        body: ticketInput,
        response: { 200: ticketResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.createTicket(db(), actorOf(request), request.body),
    }),
  );
  app.get(
    '/api/support/tickets/:id',
    {
      config: ownOrAll,
      schema: {
        operationId: 'getTicket',
        tags,
        summary: 'A ticket with comments, files, history and the transitions the caller may take (404 if not theirs)',
        params,
        response: { 200: ticketResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getTicket(db(), actorOf(request), request.params.id),
    }),
  );
  app.put(
    '/api/support/tickets/:id',
    {
      config: manage,
      schema: {
        operationId: 'updateTicket',
        tags,
        summary: 'Classification, assignee and dates (409 on a stale version)',
        params,
        body: ticketUpdate,
        response: { 200: ticketResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updateTicket(db(), actorOf(request), request.params.id, request.body),
    }),
  );
  app.post(
    '/api/support/tickets/:id/transitions',
    {
      config: ownOrAll,
      schema: {
        operationId: 'moveTicket',
        tags,
        summary:
          'Take a workflow transition: 403 transition_not_allowed (state or user), 409 stale_transition, 400 without a required reason',
        params,
        body: ticketTransitionBody,
        response: { 200: ticketResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.moveTicket(db(), actorOf(request), request.params.id, request.body),
    }),
  );
  app.post(
    '/api/support/tickets/:id/comments',
    {
      config: ownOrAll,
      schema: {
        operationId: 'commentTicket',
        tags,
        summary: 'Add a comment (internal: soporte_gestion); 409 ticket_closed on a closed ticket',
        params,
        body: ticketCommentInput,
        response: { 200: ticketResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.addComment(db(), actorOf(request), request.params.id, request.body),
    }),
  );
  app.post(
    '/api/support/tickets/:id/files',
    {
      config: ownOrAll,
      schema: {
        operationId: 'addTicketFile',
        tags,
        summary:
          'Attach a file (multipart `file`: PNG, JPEG or PDF by content, DOCUMENT_MAX_BYTES); ?internal=true for support staff only',
        params,
        querystring: z.object({ internal: z.enum(['true', 'false']).default('false') }),
        consumes: ['multipart/form-data'],
        response: { 200: ticketResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.addFile(
        db(),
        app.files,
        actorOf(request),
        uploadSource(request),
        request.params.id,
        request.query.internal === 'true',
        app.config.DOCUMENT_MAX_BYTES,
      ),
    }),
  );
  app.get(
    '/api/support/tickets/:id/files/:fileId',
    {
      config: ownOrAll,
      schema: {
        operationId: 'ticketFileContent',
        tags,
        summary:
          "A ticket's file, inline or (download=true) as an attachment; ?size=preview: a huge image's reduced JPEG",
        params: fileParams,
        querystring: ticketFileQuery,
      },
    },
    async (request, reply) =>
      sendContent(
        reply,
        await service.fileContent(db(), app.files, actorOf(request), request.params.id, request.params.fileId, {
          download: request.query.download === 'true',
          size: request.query.size,
        }),
      ),
  );

  app.get(
    '/api/support/board',
    {
      config: manage,
      schema: {
        operationId: 'ticketBoard',
        tags,
        summary: 'The queue by status, each card with the transitions the caller may take (the drop targets)',
        querystring: ticketBoardQuery,
        response: { 200: ticketBoardResponse },
      },
    },
    async (request) => ({ success: true as const, data: await service.board(db(), actorOf(request), request.query) }),
  );
  app.get(
    '/api/support/dashboard',
    {
      config: manage,
      schema: {
        operationId: 'supportDashboard',
        tags,
        summary: 'Open tickets by status and priority, breached ones, median working hours to resolve (90 days)',
        response: { 200: supportDashboardResponse },
      },
    },
    async () => ({ success: true as const, data: await service.dashboard(db()) }),
  );
  app.get(
    '/api/support/assignees',
    {
      config: manage,
      schema: {
        operationId: 'ticketAssignees',
        tags,
        summary: 'Active users holding soporte_gestion, by name',
        response: { 200: assigneesResponse },
      },
    },
    async () => ({ success: true as const, data: await repo.supportStaff(db()) }),
  );
  app.get(
    '/api/support/settings',
    {
      config: manage,
      schema: {
        operationId: 'supportSettings',
        tags,
        summary: 'Service targets per priority (working hours) and the auto-close delay (working days)',
        response: { 200: supportSettingsResponse },
      },
    },
    async () => ({ success: true as const, data: await service.getSettings(db()) }),
  );
  app.put(
    '/api/support/settings',
    {
      config: manage,
      schema: {
        operationId: 'updateSupportSettings',
        tags,
        summary: 'Change the service targets and the auto-close delay (tickets raised from now on); audited',
        body: supportSettings,
        response: { 200: supportSettingsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updateSettings(db(), actorOf(request), request.body),
    }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  documentFileQuery,
  documentInput,
  documentListQuery,
  documentListResponse,
  documentResponse,
  documentUpdate,
} from '@amparo/shared/modules/documentation.schema';
import { okResponse } from '@amparo/shared/modules/auth.schema';
import { personDocumentsQuery, personDocumentsResponse } from '@amparo/shared/modules/documentation.schema';
import { uuid } from '@amparo/shared/validation';
import * as service from './documentation.service.ts';
import { allowSameOriginFraming } from '../../lib/security-headers.ts';
import { actorOf, sendContent, uploadSource } from '../../plugins/actor.ts';

const config = { permission: 'documentacion_documentacion' as const };
const personConfig = { permission: 'poblacion_poblacion' as const };
const personTags = ['population file'];
const tags = ['documentation'];
const params = z.object({ id: uuid });
const fileParams = z.object({ id: uuid, fileId: uuid });

/** Documentation (issue 4), permission `documentacion_documentacion`; person documents also need the person's grant. */
export const documentationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;
  const max = () => app.config.DOCUMENT_MAX_BYTES;

  app.get(
    '/api/documentation/documents',
    {
      config,
      schema: {
        operationId: 'listDocuments',
        tags,
        summary:
          'Documents the caller may see, paged, searchable and filtered (age: created today, yesterday, within a week, a month or two months, America/Guatemala)',
        querystring: documentListQuery,
        response: { 200: documentListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listDocuments(db(), actorOf(request), request.query),
    }),
  );
  app.post(
    '/api/documentation/documents',
    {
      config,
      schema: {
        operationId: 'createDocument',
        summary: 'Create a document',
        tags,
        body: documentInput,
        response: { 200: documentResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.createDocument(db(), actorOf(request), request.body),
    }),
  );
  app.get(
    '/api/documentation/documents/:id',
    {
      config,
      schema: {
        operationId: 'getDocument',
        summary: 'One document with its files',
        tags,
        params,
        response: { 200: documentResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getDocument(db(), actorOf(request), request.params.id, true),
    }),
  );
  app.put(
    '/api/documentation/documents/:id',
    {
      config,
      schema: {
        operationId: 'updateDocument',
        tags,
        summary: '409 on a stale version',
        params,
        body: documentUpdate,
        response: { 200: documentResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updateDocument(db(), actorOf(request), request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/documentation/documents/:id',
    {
      config,
      schema: {
        operationId: 'deleteDocument',
        summary: 'Delete a document and its files',
        tags,
        params,
        response: { 200: okResponse },
      },
    },
    async (request) => {
      await service.deleteDocument(db(), app.files, actorOf(request), request.params.id);
      return { success: true as const, data: {} };
    },
  );

  app.post(
    '/api/documentation/documents/:id/files',
    {
      config,
      schema: {
        operationId: 'addDocumentFile',
        tags,
        summary: 'Upload a file (multipart `file`: PDF, PNG or JPEG by content, DOCUMENT_MAX_BYTES)',
        params,
        consumes: ['multipart/form-data'],
        response: { 200: documentResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.addFile(db(), app.files, actorOf(request), uploadSource(request), request.params.id, max()),
    }),
  );
  app.put(
    '/api/documentation/documents/:id/files/:fileId',
    {
      config,
      schema: {
        operationId: 'replaceDocumentFile',
        tags,
        summary: 'Upload a new revision of a file; the previous one is kept',
        params: fileParams,
        consumes: ['multipart/form-data'],
        response: { 200: documentResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.replaceFile(
        db(),
        app.files,
        actorOf(request),
        uploadSource(request),
        request.params.id,
        request.params.fileId,
        max(),
      ),
    }),
  );
  app.delete(
    '/api/documentation/documents/:id/files/:fileId',
    {
      config,
      schema: {
        operationId: 'deleteDocumentFile',
        tags,
        summary: 'Delete a file and its earlier revisions',
        params: fileParams,
        response: { 200: documentResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.deleteFile(db(), app.files, actorOf(request), request.params.id, request.params.fileId),
    }),
  );

  app.get(
    '/api/documentation/files/:fileId/content',
    {
      config,
      schema: {
        operationId: 'documentFileContent',
        tags,
        summary:
          "The file's bytes: inline (preview) or ?download=1 (the original); ?size=preview: a huge image's reduced copy",
        params: z.object({ fileId: uuid }),
        querystring: documentFileQuery,
      },
    },
    async (request, reply) => {
      allowSameOriginFraming(reply); // the preview embeds this answer in our own page (issue 9 item 6)
      const content = await service.fileContent(db(), app.files, actorOf(request), request.params.fileId, {
        download: request.query.download === '1',
        size: request.query.size,
      });
      return sendContent(reply, content);
    },
  );

  // The person's Documents tab (population's person file), read under the person's grant with the population key:
  // a caseworker needs no Documentation key to see a person's documents. Documentation serves it because it owns
  // documents, and population must not depend on documentation (issue 10 item 3).
  app.get(
    '/api/population/persons/:id/documents',
    {
      config: personConfig,
      schema: {
        operationId: 'personDocuments',
        tags: personTags,
        summary: "The person's documents with their files, newest first (read grant)",
        params,
        querystring: personDocumentsQuery,
        response: { 200: personDocumentsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.personDocuments(
        db(),
        actorOf(request),
        request.params.id,
        request.query.page,
        request.query.pageSize,
      ),
    }),
  );
  app.get(
    '/api/population/persons/:id/document-files/:fileId/content',
    {
      config: personConfig,
      schema: {
        operationId: 'personDocumentFile',
        tags: personTags,
        summary:
          "A file of one of the person's documents: inline (?size=preview as for documents) or ?download=1; audited on the person",
        params: z.object({ id: uuid, fileId: uuid }),
        querystring: documentFileQuery,
      },
    },
    async (request, reply) => {
      allowSameOriginFraming(reply); // may be previewed inside our own page (issue 9 item 6)
      const content = await service.personFileContent(
        db(),
        app.files,
        actorOf(request),
        request.params.id,
        request.params.fileId,
        { download: request.query.download === '1', size: request.query.size },
      );
      return sendContent(reply, content);
    },
  );
};

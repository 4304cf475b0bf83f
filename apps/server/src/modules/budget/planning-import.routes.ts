import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  copyYearInput,
  copyYearPreviewQuery,
  copyYearPreviewResponse,
  copyYearResponse,
  importLang,
  planningImportPreviewResponse,
  planningImportResponse,
} from '@amparo/shared/modules/budget-import.schema';
import { actorOf, sendContent, uploadSource } from '../../plugins/actor.ts';
import type { RouteProblems } from '../../plugins/openapi.ts';
import * as copy from './planning-copy.service.ts';
import * as importing from './planning-import.service.ts';

const config = { permission: 'presupuesto_planificacion' as const };
// The routes that read an uploaded workbook: also 413 on a file too large and 503 past the parse queue.
const uploadConfig = { ...config, problems: { 413: ['payload_too_large'], 503: ['busy_try_later'] } } satisfies {
  problems: RouteProblems;
};
const tags = ['budget'];
const UPLOAD =
  'Multipart field `file`: an .xlsx or .xls workbook (by content), at most 5 MB and 5,000 rows; its first sheet is ' +
  'read, one file at a time per server instance: 503 busy_try_later with Retry-After (seconds) when ' +
  'SPREADSHEET_QUEUE_MAX files already wait. Errors on field `file`: 413 file_too_large; 400 required, ' +
  'spreadsheet_type, spreadsheet_too_many_entries, spreadsheet_too_large_unpacked (params.max, MB), ' +
  'spreadsheet_compression_ratio, spreadsheet_size_mismatch, spreadsheet_unreadable, spreadsheet_too_complex, ' +
  'too_many_rows, too_many_columns, columns_missing (params.columns).';

/**
 * The POA's spreadsheet import and the copy of a year's plan to the next
 * (issue 13 section 3), under `/api/budget/planning`, permission
 * `presupuesto_planificacion`. The import is stateless: preview, error file
 * and import each take the same upload again (decision 0018), so no file
 * waits on the server between the steps and any instance answers any step.
 */
export const planningImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;

  app.get(
    '/api/budget/planning/import/template',
    {
      config,
      schema: {
        operationId: 'planningImportTemplate',
        tags,
        summary: "The POA import's template (xlsx): its columns in `lang`, an example row and a sheet of valid codes",
        querystring: importLang,
      },
    },
    async (request, reply) => sendContent(reply, await importing.planningImportTemplate(db(), request.query.lang)),
  );
  app.post(
    '/api/budget/planning/import/preview',
    {
      config: uploadConfig,
      schema: {
        operationId: 'previewPlanningImport',
        tags,
        summary:
          'Checks every row of a POA file, nothing written: counts, totals of the valid rows (Q), errors per cell',
        description: UPLOAD,
        consumes: ['multipart/form-data'],
        response: { 200: planningImportPreviewResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await importing.previewPlanningImport(db(), app.spreadsheets, uploadSource(request)),
    }),
  );
  app.post(
    '/api/budget/planning/import/errors',
    {
      config: uploadConfig,
      schema: {
        operationId: 'planningImportErrors',
        tags,
        summary: "The uploaded POA file back (xlsx) with a last column giving each row's errors in `lang`",
        description: UPLOAD,
        consumes: ['multipart/form-data'],
        querystring: importLang,
      },
    },
    async (request, reply) =>
      sendContent(
        reply,
        await importing.planningImportErrorFile(db(), app.spreadsheets, uploadSource(request), request.query.lang),
      ),
  );
  app.post(
    '/api/budget/planning/import',
    {
      config: uploadConfig,
      schema: {
        operationId: 'importPlanning',
        tags,
        summary:
          'Creates every row of a POA file as a line in one transaction (audited), or none: 400 import_has_errors',
        description: UPLOAD,
        consumes: ['multipart/form-data'],
        response: { 200: planningImportResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await importing.importPlanning(db(), app.spreadsheets, actorOf(request), uploadSource(request)),
    }),
  );

  app.get(
    '/api/budget/planning/copy-year/preview',
    {
      config,
      schema: {
        operationId: 'previewCopyPlanningYear',
        tags,
        summary:
          'What copying year `from` into `from + 1` would create: count, totals (Q), a page of lines, skipped lines with reasons',
        querystring: copyYearPreviewQuery,
        response: { 200: copyYearPreviewResponse },
      },
    },
    async (request) => ({ success: true as const, data: await copy.copyYearPreview(db(), request.query) }),
  );
  app.post(
    '/api/budget/planning/copy-year',
    {
      config,
      schema: {
        operationId: 'copyPlanningYear',
        tags,
        summary:
          "Copies year `from`'s lines into `from + 1` in one transaction (audited); 409 year_already_copied, 409 copy_preview_stale",
        body: copyYearInput,
        response: { 200: copyYearResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await copy.copyYear(db(), actorOf(request), request.body),
    }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  copyYearInput,
  copyYearPreviewQuery,
  copyYearPreviewResponse,
  copyYearResponse,
  importLang,
  planningImportExecuteInput,
  planningImportPreviewResponse,
  planningImportQuery,
  planningImportResponse,
} from '@amparo/shared/modules/budget-import.schema';
import { actorOf, sendContent, uploadSource } from '../../../plugins/actor.ts';
import type { RouteProblems } from '../../../plugins/openapi.ts';
import { acceptsNdjson, sendProgressStream } from '../../../plugins/progress-stream.ts';
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
const EXECUTE_STREAM =
  'Answers `application/json` ({ success, data }). With `Accept: application/x-ndjson` it follows the writing ' +
  'instead: every refusal above is still its problem+json answer, but once every check has passed the answer is ' +
  'a 200 `application/x-ndjson`, one JSON object per line: `{"type":"progress","phase":"writing","done":n,' +
  '"total":N}` (done 0 first, then after each batch of 250 lines written, rising to N), then ' +
  '`{"type":"result","data":{created,written,total}}`; or, when the writing fails (rolled back: nothing ' +
  'written, the token not used up), a last `{"type":"problem","problem":{type,title,status,code,errors?}}` ' +
  'with the problem+json the error answer would have had (e.g. 409 write_conflict, 500 internal).';

/**
 * The POA's spreadsheet import and the copy of a year's plan to the next
 * (issue 13 section 3), under `/api/budget/planning`, permission
 * `presupuesto_planificacion`. The preview keeps the sheet as read in the
 * database under a token (30 minutes, the uploader's, single use: issue 25
 * section 7), which `…/import/execute` takes instead of the file; the error
 * file and the multipart import still take the upload.
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
          'Checks every row of a POA file, nothing written: counts, totals of the valid rows (Q), errors per cell, and a token for …/import/execute (30 minutes)',
        description: UPLOAD,
        consumes: ['multipart/form-data'],
        response: { 200: planningImportPreviewResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await importing.previewPlanningImport(db(), app.spreadsheets, actorOf(request), uploadSource(request)),
    }),
  );
  app.post(
    '/api/budget/planning/import/errors',
    {
      config: uploadConfig,
      schema: {
        operationId: 'planningImportErrors',
        tags,
        summary:
          "The uploaded POA file back (xlsx, or xls for an .xls) with a last column giving each row's errors in `lang`",
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
      config: { ...uploadConfig, problems: { ...uploadConfig.problems, 409: ['import_already_done'] } },
      schema: {
        operationId: 'importPlanning',
        tags,
        summary:
          'Creates every row of a POA file as a line in one transaction (audited), or none: 400 import_has_errors; 409 import_already_done for a file imported before unless confirmDuplicate=true',
        description: UPLOAD,
        consumes: ['multipart/form-data'],
        querystring: planningImportQuery,
        response: { 200: planningImportResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await importing.importPlanning(
        db(),
        app.spreadsheets,
        actorOf(request),
        { upload: uploadSource(request) },
        request.query.confirmDuplicate,
      ),
    }),
  );
  /**
   * Imports a preview's token. With `Accept: application/x-ndjson` (the web's import page, issue 25 section 7)
   * the answer follows the writing: every refusal (400 validation or import_has_errors, 404, 409 import_expired,
   * import_already_done, plan_locked) is still the problem+json answer with its status; once the writing
   * begins, a 200 `application/x-ndjson` of `planningImportStreamLine`s (progress, then result or problem).
   */
  app.post(
    '/api/budget/planning/import/execute',
    {
      config: {
        ...config,
        problems: { 404: ['not_found'], 409: ['import_already_done', 'import_expired', 'plan_locked'] },
      },
      schema: {
        operationId: 'executePlanningImport',
        tags,
        summary:
          "Imports the file of a preview's token (the uploader's, once, within 30 minutes) as …/import does: 404 not_found, 409 import_expired, 409 import_already_done unless confirmDuplicate",
        description: EXECUTE_STREAM,
        body: planningImportExecuteInput,
        response: { 200: planningImportResponse },
      },
    },
    async (request, reply) => {
      const run = (onProgress?: (done: number, total: number) => Promise<void>) =>
        importing.importPlanning(
          db(),
          app.spreadsheets,
          actorOf(request),
          { token: request.body.token },
          request.body.confirmDuplicate,
          onProgress,
        );
      if (acceptsNdjson(request)) return sendProgressStream(request, reply, 'writing', run);
      return { success: true as const, data: await run() };
    },
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

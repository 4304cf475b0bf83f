import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importLang } from '@amparo/shared/modules/budget-import.schema';
import {
  payrollExecuteInput,
  payrollPreviewResponse,
  payrollResultResponse,
  payrollUploadsQuery,
  payrollUploadsResponse,
} from '@amparo/shared/modules/execution-personal.schema';
import { actorOf, sendContent, uploadSource } from '../../plugins/actor.ts';
import type { RouteProblems } from '../../plugins/openapi.ts';
import { acceptsNdjson, sendProgressStream } from '../../plugins/progress-stream.ts';
import * as personal from './personal.service.ts';

const config = { permission: 'ejecucion_personal' as const };
// The routes that read an uploaded workbook: also 413 on a file too large and 503 past the parse queue.
const uploadConfig = { ...config, problems: { 413: ['payload_too_large'], 503: ['busy_try_later'] } } satisfies {
  problems: RouteProblems;
};
const tags = ['execution'];
const UPLOAD =
  'Multipart field `file`: the payroll as an Excel 97-2003 .xls (by its content; anything else is 400 ' +
  'spreadsheet_not_xls, "the file cannot be executed"), at most 5 MB and 20,000 rows; its first sheet is read, one ' +
  'file at a time per server instance (503 busy_try_later with Retry-After). Errors on field `file`: 413 ' +
  "file_too_large; 400 required, spreadsheet_not_xls, spreadsheet_read_only (saved read-only: Excel's default " +
  'password), spreadsheet_password, spreadsheet_too_many_entries, spreadsheet_too_large_unpacked, ' +
  'spreadsheet_unreadable, spreadsheet_too_complex, too_many_rows, too_many_columns, columns_missing (params.columns).';

/**
 * Personnel execution (issue 27 section 4), under `/api/execution/personal`, permission `ejecucion_personal`:
 * the payroll xls's template, its preview (nothing written; a token for 30 minutes), its error file, its
 * execution (all rows or none, followed as NDJSON when asked) and the uploads executed.
 */
export const personalRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.db.db;

  app.get(
    '/api/execution/personal/template',
    {
      config,
      schema: {
        operationId: 'payrollTemplate',
        tags,
        summary:
          "The payroll's template (.xls): its 11 columns in `lang`, an example row, this year's planning lines and the active collaborators",
        querystring: importLang,
      },
    },
    async (request, reply) => sendContent(reply, await personal.payrollTemplate(db(), request.query.lang)),
  );
  app.post(
    '/api/execution/personal/preview',
    {
      config: uploadConfig,
      schema: {
        operationId: 'previewPayroll',
        tags,
        summary:
          "Checks every row of a payroll xls, nothing written: counts, the month, totals per line (Q), the month's executed upload, errors per cell, and a token for …/execute",
        description: UPLOAD,
        consumes: ['multipart/form-data'],
        response: { 200: payrollPreviewResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await personal.previewPayroll(db(), app.spreadsheets, actorOf(request), uploadSource(request)),
    }),
  );
  app.post(
    '/api/execution/personal/errors',
    {
      config: uploadConfig,
      schema: {
        operationId: 'payrollErrors',
        tags,
        summary: "The uploaded payroll back as an .xls with a last column giving each row's errors in `lang`",
        description: UPLOAD,
        consumes: ['multipart/form-data'],
        querystring: importLang,
      },
    },
    async (request, reply) =>
      sendContent(
        reply,
        await personal.payrollErrorFile(db(), app.spreadsheets, uploadSource(request), request.query.lang),
      ),
  );
  /**
   * Executes a preview's token. With `Accept: application/x-ndjson` the answer follows the writing: every refusal
   * is still its problem+json answer; once the rows are being written, a 200 `application/x-ndjson` of
   * `payrollStreamLine`s (progress, then result or problem).
   */
  app.post(
    '/api/execution/personal/execute',
    {
      config: {
        ...config,
        problems: {
          404: ['not_found'],
          409: ['import_expired', 'payroll_month_done', 'budget_warning', 'budget_stop', 'year_closed'],
        },
      },
      schema: {
        operationId: 'executePayroll',
        tags,
        summary:
          "Executes the payroll of a preview's token against the plan's lines, all rows or none (400 import_has_errors); 409 payroll_month_done unless replace",
        description:
          'Answers `application/json` ({ success, data }); with `Accept: application/x-ndjson`, once every check ' +
          'has passed, a 200 stream: `{"type":"progress","phase":"writing","done":n,"total":N}` lines (done 0 first, ' +
          'then after each 1,000 rows), then `{"type":"result","data":…}` or a last `{"type":"problem",…}` (rolled back).',
        body: payrollExecuteInput,
        response: { 200: payrollResultResponse },
      },
    },
    async (request, reply) => {
      const run = (onProgress?: (done: number, total: number) => Promise<void>) =>
        personal.executePayroll(db(), actorOf(request), request.body, onProgress);
      if (acceptsNdjson(request)) return sendProgressStream(request, reply, 'writing', run);
      return { success: true as const, data: await run() };
    },
  );
  app.get(
    '/api/execution/personal/uploads',
    {
      config,
      schema: {
        operationId: 'listPayrollUploads',
        tags,
        summary:
          'The payroll uploads executed, newest first: month, rows, amount (Q), active or replaced, who and when',
        querystring: payrollUploadsQuery,
        response: { 200: payrollUploadsResponse },
      },
    },
    async (request) => ({ success: true as const, data: await personal.listPayrollUploads(db(), request.query) }),
  );
};

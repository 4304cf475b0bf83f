import type { z } from 'zod';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PayrollExecuteInput,
  PayrollPreview,
  PayrollResult,
  payrollUploadsResponse,
} from '@amparo/shared/modules/execution-personal.schema';
import { api, ApiError } from '../../../shared/lib/api';
import { downloadFile, saveResponse } from '../../../shared/lib/download';
import { postWithProgress, type StreamProgress } from '../../../shared/lib/ndjson';
import { uploadFile } from '../../../shared/lib/upload';

/**
 * Calls of personnel execution (issue 27 section 4, `/api/execution/personal`, key ejecucion_personal). The
 * preview sends the chosen .xls and gets a token for the sheet the server keeps (30 minutes); the execution sends
 * only that token and follows the server's writing (a progress stream); the error file sends the file again (the
 * browser still holds it).
 */

const BASE = '/api/execution/personal';
type UploadsPage = z.infer<typeof payrollUploadsResponse>['data'];

/** Query keys: under ['execution'], so an execution refreshes the budget view's figures too. */
export const personalKeys = {
  uploads: (page: number, pageSize: number) => ['execution', 'personal', 'uploads', page, pageSize] as const,
};

/** GET …/template: the payroll's .xls template in `lang`, saved as a download. */
export async function downloadPayrollTemplate(lang: 'es' | 'en') {
  await downloadFile(
    `${BASE}/template?lang=${lang}`,
    lang === 'es' ? 'planilla-plantilla.xls' : 'payroll-template.xls',
  );
}

/** POST …/errors: the chosen file back with a last column of its errors in `lang`, saved as a download. */
export async function downloadPayrollErrors(file: File, lang: 'es' | 'en') {
  const body = new FormData();
  body.append('file', file, file.name);
  const response = await fetch(`${BASE}/errors?lang=${lang}`, {
    method: 'POST',
    body,
    credentials: 'same-origin',
  }).catch(() => {
    throw new ApiError({ status: 0, code: 'internal' });
  });
  await saveResponse(response, lang === 'es' ? 'planilla-errores.xls' : 'payroll-errors.xls');
}

/** POST …/preview: every row checked, nothing written; `onProgress` follows the upload (0–100). */
export function previewPayroll(file: File, onProgress: (percent: number) => void) {
  return uploadFile<PayrollPreview>('POST', `${BASE}/preview`, file, onProgress);
}

/**
 * POST …/execute: the previewed payroll executed on the plan's lines, all rows or none, from the preview's
 * `token`. Refusals (rejected as `ApiError`): 409 `payroll_month_done` unless `replace`, 409 `budget_warning`
 * unless `confirmWarning`, 409 `budget_stop` unless `overrideReason`, 400 `import_has_errors`, 409
 * `import_expired`. Asked as a progress stream: `onProgress` gets the rows written so far of the total.
 */
export function useExecutePayroll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ onProgress, ...body }: PayrollExecuteInput & { onProgress?: (p: StreamProgress) => void }) =>
      postWithProgress<PayrollResult>('execution/personal/execute', body, (p) => onProgress?.(p)),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['execution'] }),
        queryClient.invalidateQueries({ queryKey: ['budget'] }),
      ]);
    },
  });
}

export const getPayrollUploadsQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: personalKeys.uploads(page, pageSize),
    queryFn: () => api.get<UploadsPage>('execution/personal/uploads', { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });

/** The payroll uploads executed, newest first (server paging). */
export function usePayrollUploads(page: number, pageSize: number) {
  return useQuery(getPayrollUploadsQueryOptions(page, pageSize));
}

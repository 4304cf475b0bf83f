import type { z } from 'zod';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CopyYearPreview,
  copyYearInput,
  PlanningImportPreview,
  PlanningImportResult,
} from '@amparo/shared/modules/budget-import.schema';
import { api, ApiError } from '../../../shared/lib/api';
import { downloadFile, saveResponse } from '../../../shared/lib/download';
import { postWithProgress, type StreamProgress } from '../../../shared/lib/ndjson';
import { uploadFile } from '../../../shared/lib/upload';

/**
 * Calls of the POA import and of the copy of a year (issue 13 section 3).
 * The preview sends the chosen file and gets a token for the sheet the server
 * keeps (30 minutes); the import sends only that token and follows the
 * server's writing (a progress stream). The error file sends the file again
 * (the browser still holds it).
 */

const BASE = '/api/budget/planning';

/** Query keys: the copy's previews under ['budget', 'planning', 'copy-year']; any write refreshes ['budget']. */
export const importKeys = {
  copyPreview: (from: number, page: number, pageSize: number) =>
    ['budget', 'planning', 'copy-year', from, page, pageSize] as const,
};

/** After lines were created: every planning query (lists, totals, copy previews) is stale. */
function useInvalidatePlanning() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['budget'] });
}

/** GET …/import/template: the xlsx template in `lang`, saved as a download. */
export async function downloadTemplate(lang: 'es' | 'en') {
  await downloadFile(`${BASE}/import/template?lang=${lang}`, 'poa.xlsx');
}

/** POST …/import/errors: the chosen file back with its errors in `lang`, saved as a download. */
export async function downloadErrorFile(file: File, lang: 'es' | 'en') {
  const body = new FormData();
  body.append('file', file, file.name);
  const response = await fetch(`${BASE}/import/errors?lang=${lang}`, {
    method: 'POST',
    body,
    credentials: 'same-origin',
  }).catch(() => {
    throw new ApiError({ status: 0, code: 'internal' });
  });
  await saveResponse(response, 'poa-errores.xlsx');
}

/** POST …/import/preview: every row checked, nothing written; `onProgress` follows the upload (0–100). */
export function previewImport(file: File, onProgress: (percent: number) => void) {
  return uploadFile<PlanningImportPreview>('POST', `${BASE}/import/preview`, file, onProgress);
}

/**
 * POST …/import/execute: the previewed file's lines all created, or none (400 import_has_errors), from the
 * preview's `token` (the server kept the sheet: the file is not sent again). 409 `import_expired` once the token
 * expired or was used; 409 `import_already_done` for a file imported before, unless `confirmDuplicate`. Asked
 * as a progress stream (issue 25 section 7): `onProgress` gets the lines written so far of the total while the
 * server writes; a failure while writing rejects as the same `ApiError` (the server rolled back).
 */
export function useImportPlanning() {
  const invalidate = useInvalidatePlanning();
  return useMutation({
    mutationFn: ({
      onProgress,
      ...body
    }: {
      token: string;
      confirmDuplicate?: boolean;
      onProgress?: (progress: StreamProgress) => void;
    }) => postWithProgress<PlanningImportResult>('budget/planning/import/execute', body, (p) => onProgress?.(p)),
    onSuccess: invalidate,
  });
}

/** GET …/copy-year/preview: what copying `from` into `from + 1` would create (a page of its lines). */
export function useCopyYearPreview(from: number | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: importKeys.copyPreview(from ?? 0, page, pageSize),
    queryFn: () =>
      api.get<CopyYearPreview>('budget/planning/copy-year/preview', { query: { from: from!, page, pageSize } }),
    enabled: from !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST …/copy-year: 409 copy_preview_stale or year_already_copied when the preview no longer holds. */
export function useCopyYear() {
  const invalidate = useInvalidatePlanning();
  return useMutation({
    mutationFn: (body: z.input<typeof copyYearInput>) =>
      api.post<{ created: number; to: number }>('budget/planning/copy-year', body),
    onSettled: invalidate,
  });
}

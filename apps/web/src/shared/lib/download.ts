import type { Problem } from '@amparo/shared/errors';
import { ApiError, SESSION_EXPIRED_EVENT } from './api';

/** Saves a blob as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Rejects a refused answer as `ApiError` with its problem+json (a 401 also announces the expired session). */
export async function rejectProblem(response: Response): Promise<void> {
  if (response.ok) return;
  if (response.status === 401) window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
  const problem = (response.headers.get('content-type') ?? '').includes('json')
    ? ((await response.json().catch(() => null)) as Partial<Problem> | null)
    : null;
  throw new ApiError({ ...(problem ?? {}), status: response.status });
}

/**
 * A file answer saved under its server-given name (`content-disposition`, or `fallback`); a problem+json answer
 * rejects as `ApiError` (a 401 also announces the expired session).
 */
export async function saveResponse(response: Response, fallback: string) {
  await rejectProblem(response);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  saveBlob(await response.blob(), name ? decodeURIComponent(name) : fallback);
}

/** GET `url` (same origin, with the session) and save the file it answers; rejects as `ApiError`. */
export async function downloadFile(url: string, fallback: string) {
  const response = await fetch(url, { credentials: 'same-origin' }).catch(() => {
    throw new ApiError({ status: 0, code: 'internal' });
  });
  await saveResponse(response, fallback);
}

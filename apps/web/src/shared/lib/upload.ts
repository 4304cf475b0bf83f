import type { Problem } from '@amparo/shared/errors';
import { ApiError, SESSION_EXPIRED_EVENT } from './api';

/**
 * Sends one file as multipart (field `file`) to `url` with XMLHttpRequest,
 * because fetch reports no upload progress. `onProgress` gets 0-100. The
 * answer's `data` resolves; a problem+json answer rejects with an `ApiError`,
 * like the shared client (`api.ts`), and a 401 announces the expired session.
 * `signal` aborts the upload (rejects with an AbortError).
 */
export function uploadFile<T>(
  method: 'POST' | 'PUT',
  url: string,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    // Same origin: the session cookie travels without withCredentials (fetch's credentials 'same-origin').
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let payload: (Partial<Problem> & { data?: unknown }) | null = null;
      if ((xhr.getResponseHeader('content-type') ?? '').includes('json')) {
        try {
          payload = JSON.parse(xhr.responseText);
        } catch {
          payload = null;
        }
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve((payload?.data ?? payload) as T);
        return;
      }
      if (xhr.status === 401) window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
      // A 413 may come from a proxy with no problem body: still a 'too large'.
      const fallback =
        xhr.status === 413 ? 'payload_too_large' : xhr.status === 415 ? 'unsupported_media_type' : 'internal';
      reject(new ApiError({ code: fallback, ...(payload ?? {}), status: xhr.status }));
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'internal' }));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
}

import type { Document } from '@amparo/shared/modules/documentation.schema';
import type { Problem } from '@amparo/shared/errors';
import { ApiError, SESSION_EXPIRED_EVENT } from '../../../shared/lib/api';

export interface UploadTarget {
  documentId: string;
  /** Set to replace that file with a new revision (PUT); absent to add a file (POST). */
  replaceFileId?: string;
}

/**
 * Sends one file as multipart (field `file`) with XMLHttpRequest, because
 * fetch reports no upload progress. `onProgress` gets 0-100. A problem+json
 * answer rejects with an `ApiError`, like the shared client does.
 */
export function uploadDocumentFile(
  { documentId, replaceFileId }: UploadTarget,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Document> {
  const url = `/api/documentation/documents/${encodeURIComponent(documentId)}/files${
    replaceFileId ? `/${encodeURIComponent(replaceFileId)}` : ''
  }`;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(replaceFileId ? 'PUT' : 'POST', url);
    // Same origin: the session cookie travels without withCredentials (fetch's credentials 'same-origin').
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let payload: (Partial<Problem> & { data?: unknown }) | null = null;
      const type = xhr.getResponseHeader('content-type') ?? '';
      if (type.includes('json')) {
        try {
          payload = JSON.parse(xhr.responseText);
        } catch {
          payload = null;
        }
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve((payload?.data ?? payload) as Document);
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

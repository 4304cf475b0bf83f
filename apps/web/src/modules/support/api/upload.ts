import type { Ticket } from '@amparo/shared/modules/support.schema';
import type { Problem } from '@amparo/shared/errors';
import { ApiError, SESSION_EXPIRED_EVENT } from '../../../shared/lib/api';

/**
 * Attaches one file to a ticket as multipart (field `file`) with
 * XMLHttpRequest, because fetch reports no upload progress. `onProgress` gets
 * 0-100. A problem+json answer rejects with an `ApiError`, like the shared
 * client does. `internal` files are for support staff only.
 */
export function uploadTicketFile(
  ticketId: string,
  file: File,
  internal: boolean,
  onProgress: (percent: number) => void,
): Promise<Ticket> {
  const url = `/api/support/tickets/${encodeURIComponent(ticketId)}/files?internal=${internal ? 'true' : 'false'}`;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    // Same origin: the session cookie travels without withCredentials.
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
        resolve((payload?.data ?? payload) as Ticket);
        return;
      }
      if (xhr.status === 401) window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
      // A 413 may come from a proxy with no problem body: still a 'too large'.
      const fallback =
        xhr.status === 413 ? 'payload_too_large' : xhr.status === 415 ? 'unsupported_media_type' : 'internal';
      reject(new ApiError({ code: fallback, ...(payload ?? {}), status: xhr.status }));
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: 'internal' }));
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
}

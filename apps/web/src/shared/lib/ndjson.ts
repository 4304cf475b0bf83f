import { NDJSON_TYPE, type ProgressStreamLine } from '@amparo/shared/ndjson';
import type { Problem } from '@amparo/shared/errors';
import { ApiError, SESSION_EXPIRED_EVENT } from './api';

/** How far the server is: `done` of `total` items of `phase` (e.g. 'writing'). */
export interface StreamProgress {
  phase: string;
  done: number;
  total: number;
}

/**
 * POSTs `body` as JSON to `/api/<path>` asking for a progress stream (`Accept: application/x-ndjson`, issue 25
 * section 7; the lines: `@amparo/shared/ndjson`) and reads the answer as it comes: `onProgress` gets every
 * progress line, and the promise resolves with the `data` of the result line. It rejects with the `ApiError`
 * the shared client (`api.ts`) would throw: for a refusal before the stream (a problem+json answer with its
 * status; a 401 also announces the expired session) and for a `problem` line (the server rolled back); with
 * `ApiError` status 0 `internal` when the network fails or the stream ends without a result. A server that
 * answers plain JSON instead (`{ success, data }`) resolves with its `data`. `signal` aborts (AbortError).
 */
export async function postWithProgress<T>(
  path: string,
  body: unknown,
  onProgress: (progress: StreamProgress) => void,
  signal?: AbortSignal,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/${path.replace(/^\//, '')}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: `${NDJSON_TYPE}, application/problem+json` },
      body: JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError({ status: 0, code: 'internal' });
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes(NDJSON_TYPE)) {
    const payload = type.includes('json')
      ? ((await response.json().catch(() => null)) as (Partial<Problem> & { data?: unknown }) | null)
      : null;
    if (!response.ok) {
      if (response.status === 401) window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
      throw new ApiError({ status: response.status, ...(payload ?? {}) });
    }
    return (payload?.data ?? payload) as T;
  }
  // Set by the result line (read in a callback: typed so that TypeScript does not narrow it to null).
  let outcome = null as { data: T } | null;
  const read = (text: string) => {
    if (text.trim() === '') return;
    let line: ProgressStreamLine<T>;
    try {
      line = JSON.parse(text) as ProgressStreamLine<T>;
    } catch {
      throw new ApiError({ status: 0, code: 'internal' });
    }
    if (line.type === 'progress') onProgress({ phase: line.phase, done: line.done, total: line.total });
    else if (line.type === 'result') outcome = { data: line.data };
    else if (line.type === 'problem') throw new ApiError(line.problem);
  };
  const reader = response.body?.getReader();
  if (!reader) {
    for (const text of (await response.text()).split('\n')) read(text);
  } else {
    const decoder = new TextDecoder();
    let pending = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        pending += decoder.decode(value, { stream: !done });
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const text of lines) read(text);
        if (done) break;
      }
    } catch (err) {
      if (err instanceof ApiError || (err as Error).name === 'AbortError') throw err;
      // The connection broke mid-stream: the server may still finish (or roll back) on its own.
      throw new ApiError({ status: 0, code: 'internal' });
    } finally {
      reader.releaseLock();
    }
    read(pending);
  }
  if (!outcome) throw new ApiError({ status: 0, code: 'internal' });
  return outcome.data;
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, SESSION_EXPIRED_EVENT } from './api';
import { postWithProgress, type StreamProgress } from './ndjson';

/**
 * The web's reader of a progress stream (issue 25 section 7): lines cut anywhere by the network (a multi-byte
 * character included), the result's data, a problem line or a refusal as the shared client's ApiError. The
 * answers are real `Response`s handed to the helper in place of the network; the server's side is tested
 * against the real route (planning-import-progress.test.ts) and in the browser (e2e/planning-import.spec.ts).
 */
const encoder = new TextEncoder();

/** A 200 NDJSON answer whose body arrives as `chunks` (bytes cut where given). */
function streamed(chunks: Uint8Array[]) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/x-ndjson; charset=utf-8' } });
}

function answer(response: Response) {
  const fetch = vi.fn(async () => response);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('postWithProgress', () => {
  it('reports each progress line and resolves with the result, however the bytes are cut', async () => {
    const text =
      '{"type":"progress","phase":"writing","done":0,"total":3}\n' +
      '{"type":"progress","phase":"writing","done":2,"total":3}\n' +
      '{"type":"result","data":{"created":3,"note":"líneas"}}\n';
    const bytes = encoder.encode(text);
    // Cut inside a line and inside the two bytes of "í".
    const cut = text.indexOf('í') + 1;
    const fetch = answer(streamed([bytes.slice(0, 20), bytes.slice(20, cut), bytes.slice(cut)]));
    const seen: StreamProgress[] = [];
    const data = await postWithProgress('budget/planning/import/execute', { token: 't' }, (p) => seen.push(p));
    expect(data).toEqual({ created: 3, note: 'líneas' });
    expect(seen).toEqual([
      { phase: 'writing', done: 0, total: 3 },
      { phase: 'writing', done: 2, total: 3 },
    ]);
    const [url, init] = fetch.mock.calls[0]! as unknown as [string, RequestInit];
    expect(url).toBe('/api/budget/planning/import/execute');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).accept).toContain('application/x-ndjson');
    expect(init.body).toBe('{"token":"t"}');
  });

  it('rejects a problem line as the ApiError of that problem', async () => {
    answer(
      streamed([
        encoder.encode(
          '{"type":"progress","phase":"writing","done":0,"total":3}\n' +
            '{"type":"problem","problem":{"type":"x","title":"Conflict","status":409,"code":"write_conflict"}}\n',
        ),
      ]),
    );
    const error = await postWithProgress('x', {}, () => {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'write_conflict', fieldErrors: [] });
  });

  it('rejects a problem+json refusal with its status and field errors, and a 401 announces the expired session', async () => {
    const problem = (status: number, code: string, errors?: object[]) =>
      new Response(JSON.stringify({ type: 'x', title: 't', status, code, ...(errors ? { errors } : {}) }), {
        status,
        headers: { 'content-type': 'application/problem+json; charset=utf-8' },
      });
    const errors = [{ field: 'file', code: 'import_already_done', params: { by: 'Ana' } }];
    answer(problem(409, 'import_already_done', errors));
    await expect(postWithProgress('x', {}, () => {})).rejects.toMatchObject({
      status: 409,
      code: 'import_already_done',
      fieldErrors: errors,
    });

    const events = new EventTarget();
    const expired = vi.fn();
    events.addEventListener(SESSION_EXPIRED_EVENT, expired);
    vi.stubGlobal('window', events);
    answer(problem(401, 'unauthenticated'));
    await expect(postWithProgress('x', {}, () => {})).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('rejects a stream that ends without its result, and resolves a plain JSON answer', async () => {
    answer(streamed([encoder.encode('{"type":"progress","phase":"writing","done":0,"total":3}\n')]));
    await expect(postWithProgress('x', {}, () => {})).rejects.toMatchObject({ status: 0, code: 'internal' });
    answer(
      new Response('{"success":true,"data":{"created":1}}', {
        status: 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      }),
    );
    expect(await postWithProgress('x', {}, () => {})).toEqual({ created: 1 });
  });
});

import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** A multipart/form-data body with one file field, for `app.inject`. */
export function multipartFile(
  field: string,
  filename: string,
  content: Buffer | string,
  type = 'application/octet-stream',
) {
  const boundary = `----amparo${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.isBuffer(content) ? content : Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const PNG_FIXTURE = () => readFileSync(new URL('./fixtures/photo.png', import.meta.url));

/**
 * An upload whose body the test sends itself, in pieces, while the server already handles the request: the
 * part's headers and the first `first` bytes of `content` go at once; `rest` is what is left, to write (or `end`)
 * on `body` when the test chooses. `answer` is the response. `headers` adds or overrides request headers (a
 * `content-length` announcing more than is sent, say).
 */
export function streamedUpload(
  app: FastifyInstance,
  opts: {
    method: 'POST' | 'PUT';
    url: string;
    token: string;
    field: string;
    content: Buffer;
    type: string;
    first: number;
    headers?: Record<string, string>;
  },
) {
  const m = multipartFile(opts.field, 'archivo', opts.content, opts.type);
  const head = m.payload.indexOf(opts.content) + opts.first;
  const body = new PassThrough();
  const answer = app.inject({
    method: opts.method,
    url: opts.url,
    headers: { ...m.headers, ...opts.headers, authorization: `Bearer ${opts.token}` },
    payload: body,
  });
  body.write(m.payload.subarray(0, head));
  return { answer, body, rest: m.payload.subarray(head) };
}

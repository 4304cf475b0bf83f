import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
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

/** A PNG whose header declares 20 000 x 20 000 one-bit pixels (400 megapixels) in a few dozen KB. */
export function pixelBomb(): Buffer {
  const side = 20_000;
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(body));
    return Buffer.concat([head, body, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1;
  ihdr[9] = 0;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  const idat = deflateSync(Buffer.alloc(side * (1 + side / 8)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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

import type { Readable } from 'node:stream';

/**
 * Bytes a service hands back for the route to send (a stored file, a photo,
 * an export), so services never hold Fastify's reply (issue 10 item 1).
 * `headers` are the response headers that belong to the content
 * (content-disposition, cache-control, content-length, x-export-rows);
 * `plugins/actor.ts`'s `sendContent` writes them with the body.
 */
export interface Content {
  /** MIME type of the body. */
  mime: string;
  headers: Record<string, string | number>;
  body: Readable | Buffer;
}

/** `content-disposition` for a file name in any script (RFC 6266 / 5987: ASCII fallback plus UTF-8). */
export function disposition(kind: 'inline' | 'attachment', name: string): string {
  const encoded = encodeURIComponent(name);
  return `${kind}; filename="${encoded}"; filename*=UTF-8''${encoded}`;
}

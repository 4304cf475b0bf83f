import type { Readable } from 'node:stream';
import type { FileStore } from './storage.ts';

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

/** How a stored file is asked for: `download` (the original, as an attachment) or inline, `full` or `preview`. */
export interface FileRequest {
  download: boolean;
  size: 'full' | 'preview';
}

/**
 * A stored file's bytes, never cached: the original inline or as a download, or (`size: 'preview'`, inline
 * only) its reduced JPEG when it has one (`previewKey`, an image over PREVIEW_OVER_PIXELS; lib/images.ts), named
 * `<name>.preview.jpg`. A file without a preview answers its original for `preview` too, so a page may always
 * ask for the preview of an image. A download is always the original.
 */
export async function storedFileContent(
  store: FileStore,
  file: { name: string; mime: string; sizeBytes: number; storageKey: string; previewKey: string | null },
  request: FileRequest,
): Promise<Content> {
  const common = { 'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store' };
  if (!request.download && request.size === 'preview' && file.previewKey)
    return {
      mime: 'image/jpeg',
      headers: { ...common, 'content-disposition': disposition('inline', `${file.name}.preview.jpg`) },
      body: await store.read(file.previewKey),
    };
  return {
    mime: file.mime,
    headers: {
      ...common,
      'content-length': file.sizeBytes,
      'content-disposition': disposition(request.download ? 'attachment' : 'inline', file.name),
    },
    body: await store.read(file.storageKey),
  };
}

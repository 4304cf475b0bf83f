import { DOCUMENT_TYPES, type DocumentFile } from '@amparo/shared/modules/documentation.schema';
import type { FieldErrorCode } from '@amparo/shared/errors';

/**
 * The server's default DOCUMENT_MAX_BYTES (20 MB). app-info does not carry the
 * configured value, so the browser checks against the default; the server checks again.
 */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;

/** What the file picker offers. */
export const DOCUMENT_ACCEPT = '.jpg,.jpeg,.png,.pdf,application/pdf,image/png,image/jpeg';

const EXTENSIONS: Record<string, (typeof DOCUMENT_TYPES)[number]> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** The first bytes of each accepted type. */
const SIGNATURES: Record<(typeof DOCUMENT_TYPES)[number], number[]> = {
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
};

/** The accepted type a file's first bytes show, or null. */
function sniff(bytes: Uint8Array): (typeof DOCUMENT_TYPES)[number] | null {
  for (const type of DOCUMENT_TYPES) {
    const sig = SIGNATURES[type];
    if (bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b)) return type;
  }
  return null;
}

/**
 * Checks a file before it is sent (spec section 5): a .jpg/.jpeg/.png/.pdf
 * name, content that really is PDF/PNG/JPEG, and the size limit. The server
 * checks the content again.
 */
export async function checkDocumentFile(file: File, maxBytes = DOCUMENT_MAX_BYTES): Promise<FieldErrorCode | null> {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const byName = EXTENSIONS[ext];
  if (!byName) return 'file_type';
  if (file.type && !(DOCUMENT_TYPES as readonly string[]).includes(file.type)) return 'file_type';
  if (file.size > maxBytes) return 'file_too_large';
  if (file.size === 0) return 'file_type';
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const byContent = sniff(head);
  if (!byContent || byContent !== byName) return 'file_type';
  return null;
}

/** '532 KB', '1.4 MB', '20 MB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/** The file's bytes: inline for a preview, or as a download (always the original). */
export function fileContentUrl(fileId: string, download = false): string {
  return `/api/documentation/files/${encodeURIComponent(fileId)}/content${download ? '?download=1' : ''}`;
}

/**
 * What a preview shows: a huge image's reduced JPEG (`hasPreview`: over 16.8 megapixels, which the reader's
 * browser should not have to decode; issue 23 section 4), otherwise the file itself.
 */
export function filePreviewUrl(file: Pick<DocumentFile, 'id' | 'hasPreview'>): string {
  return file.hasPreview ? `${fileContentUrl(file.id)}?size=preview` : fileContentUrl(file.id);
}

export const isImage = (file: Pick<DocumentFile, 'mime'>) => file.mime.startsWith('image/');

/** A short label for the type column. */
export function typeLabel(mime: string): string {
  if (mime === 'application/pdf') return 'PDF';
  if (mime === 'image/png') return 'PNG';
  if (mime === 'image/jpeg') return 'JPG';
  return mime;
}

/**
 * The current files, each with its earlier revisions (newest first), found by
 * following `replacesId` back from the current one.
 */
export function currentFilesWithHistory(files: DocumentFile[]): { file: DocumentFile; earlier: DocumentFile[] }[] {
  const byId = new Map(files.map((f) => [f.id, f]));
  return files
    .filter((f) => f.current)
    .map((file) => {
      const earlier: DocumentFile[] = [];
      const seen = new Set([file.id]);
      let prev = file.replacesId ? byId.get(file.replacesId) : undefined;
      while (prev && !seen.has(prev.id)) {
        seen.add(prev.id);
        earlier.push(prev);
        prev = prev.replacesId ? byId.get(prev.replacesId) : undefined;
      }
      return { file, earlier };
    });
}

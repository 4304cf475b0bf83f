import { TICKET_FILE_TYPES, type TicketFile } from '@amparo/shared/modules/support.schema';
import type { FieldErrorCode } from '@amparo/shared/errors';

type FileType = (typeof TICKET_FILE_TYPES)[number];

/**
 * The server's default DOCUMENT_MAX_BYTES (20 MB), which ticket files share.
 * app-info does not carry the configured value; the server checks again.
 */
export const TICKET_FILE_MAX_BYTES = 20 * 1024 * 1024;

/** What the file picker offers: screenshots and PDF. */
export const TICKET_FILE_ACCEPT = '.png,.jpg,.jpeg,.pdf,image/png,image/jpeg,application/pdf';

const EXTENSIONS: Record<string, FileType> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/** The first bytes of each accepted type. */
const SIGNATURES: Record<FileType, number[]> = {
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
};

/**
 * Checks a file before it is sent: a .png/.jpg/.jpeg/.pdf name, content that
 * really is PNG/JPEG/PDF, and the size limit. The server checks the content again.
 */
export async function checkTicketFile(file: File, maxBytes = TICKET_FILE_MAX_BYTES): Promise<FieldErrorCode | null> {
  const byName = EXTENSIONS[file.name.split('.').pop()?.toLowerCase() ?? ''];
  if (!byName || file.size === 0) return 'file_type';
  if (file.size > maxBytes) return 'file_too_large';
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const byContent = TICKET_FILE_TYPES.find((type) => SIGNATURES[type].every((b, i) => head[i] === b));
  return byContent === byName ? null : 'file_type';
}

/** '532 KB', '1.4 MB', '20 MB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}

/**
 * A ticket file's bytes: inline (opens in the browser; a huge image, `hasPreview`, as its reduced JPEG so the
 * browser never decodes the original; issue 23 section 4) or as a download (always the original).
 */
export function ticketFileUrl(ticketId: string, file: Pick<TicketFile, 'id' | 'hasPreview'>, download = false): string {
  const query = download ? '?download=true' : file.hasPreview ? '?size=preview' : '';
  return `/api/support/tickets/${encodeURIComponent(ticketId)}/files/${encodeURIComponent(file.id)}${query}`;
}

/** A short label for the type column. */
export function typeLabel(mime: string): string {
  if (mime === 'application/pdf') return 'PDF';
  if (mime === 'image/png') return 'PNG';
  if (mime === 'image/jpeg') return 'JPG';
  return mime;
}

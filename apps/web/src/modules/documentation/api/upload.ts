import type { Document } from '@amparo/shared/modules/documentation.schema';
import { uploadFile } from '../../../shared/lib/upload';

export interface UploadTarget {
  documentId: string;
  /** Set to replace that file with a new revision (PUT); absent to add a file (POST). */
  replaceFileId?: string;
}

/** Adds a file to a document, or replaces one with a new revision, with upload progress (`shared/lib/upload.ts`). */
export function uploadDocumentFile(
  { documentId, replaceFileId }: UploadTarget,
  file: File,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<Document> {
  const url = `/api/documentation/documents/${encodeURIComponent(documentId)}/files${
    replaceFileId ? `/${encodeURIComponent(replaceFileId)}` : ''
  }`;
  return uploadFile<Document>(replaceFileId ? 'PUT' : 'POST', url, file, onProgress, signal);
}

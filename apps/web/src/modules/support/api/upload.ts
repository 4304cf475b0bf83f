import type { Ticket } from '@amparo/shared/modules/support.schema';
import { uploadFile } from '../../../shared/lib/upload';

/**
 * Attaches one file to a ticket (`POST /api/support/tickets/:id/files`) with
 * upload progress (`onProgress` 0-100); resolves to the ticket. `internal`
 * files are for support staff only.
 */
export function uploadTicketFile(
  ticketId: string,
  file: File,
  internal: boolean,
  onProgress: (percent: number) => void,
): Promise<Ticket> {
  const url = `/api/support/tickets/${encodeURIComponent(ticketId)}/files?internal=${internal ? 'true' : 'false'}`;
  return uploadFile<Ticket>('POST', url, file, onProgress);
}

import { XlsxExport } from '../../../shared/ui/xlsx-export';
import type { TicketListSearch } from '../api/list-search';

/** 'Export' on the tickets list: the current scope and filters as xlsx, saved as tickets-YYYY-MM-DD.xlsx. */
export function TicketsExport({ search }: { search: TicketListSearch }) {
  return <XlsxExport path="/api/support/tickets/export" search={search} filePrefix="tickets" ns="support" />;
}

import { XlsxExport } from '../../../../shared/ui/xlsx-export';
import type { PersonListSearch } from '../../persons/api/list-search';

/**
 * 'Export' on the persons list: the current filters as xlsx (sensitive
 * columns only with poblacion_exportacion_sensible, decided by the server),
 * saved as poblacion-YYYY-MM-DD.xlsx.
 */
export function FileExport({ search }: { search: PersonListSearch }) {
  return <XlsxExport path="/api/population/persons/export" search={search} filePrefix="poblacion" ns="population" />;
}

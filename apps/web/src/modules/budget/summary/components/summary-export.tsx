import { useTranslation } from 'react-i18next';
import { ExportButtons } from '../../../../shared/ui/export-buttons';
import { downloadFunderSummary, downloadPoaSummary } from '../api';
import type { FunderSummarySearch, PoaSummarySearch } from '../lib/search';

/**
 * 'Exportar a Excel' and 'Exportar a PDF' of a budget summary (the funder summary, the POA summary: issue 24
 * section 6, item 9): the summary with the filters shown, in the user's language, saved as the server names it
 * (the plan year in the name); a refusal (a PDF past its row limit) is said in a notification.
 */
export function SummaryExport({
  download,
}: {
  download: (format: 'xlsx' | 'pdf', lang: 'es' | 'en') => Promise<unknown>;
}) {
  const { t } = useTranslation('budget');
  return (
    <ExportButtons
      download={download}
      labels={{ xlsx: t('budget:summary.funders.exportXlsx'), pdf: t('budget:summary.funders.exportPdf') }}
    />
  );
}

/** The funder summary's exports, with the filters of the page. */
export function FunderExport({ search }: { search: FunderSummarySearch }) {
  return <SummaryExport download={(format, lang) => downloadFunderSummary(format, lang, search)} />;
}

/** The POA summary's exports: the year and revision of the page. */
export function PoaExport({ search }: { search: PoaSummarySearch }) {
  return <SummaryExport download={(format, lang) => downloadPoaSummary(format, lang, search)} />;
}

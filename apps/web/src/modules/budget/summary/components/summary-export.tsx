import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../shared/lib/notify';
import { applyServerErrors } from '../../../../shared/lib/server-errors';
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
  const { t, i18n } = useTranslation('budget');
  const lang = i18n.language.startsWith('en') ? 'en' : 'es';
  const [busy, setBusy] = useState<'xlsx' | 'pdf' | null>(null);
  const run = async (format: 'xlsx' | 'pdf') => {
    setBusy(format);
    try {
      await download(format, lang);
    } catch (error) {
      notifyError(applyServerErrors(error, t));
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs">
      <Button
        variant="light"
        leftSection={<IconFileSpreadsheet size={16} />}
        loading={busy === 'xlsx'}
        disabled={busy !== null && busy !== 'xlsx'}
        onClick={() => void run('xlsx')}
      >
        {t('budget:summary.funders.exportXlsx')}
      </Button>
      <Button
        variant="light"
        leftSection={<IconFileTypePdf size={16} />}
        loading={busy === 'pdf'}
        disabled={busy !== null && busy !== 'pdf'}
        onClick={() => void run('pdf')}
      >
        {t('budget:summary.funders.exportPdf')}
      </Button>
    </Group>
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

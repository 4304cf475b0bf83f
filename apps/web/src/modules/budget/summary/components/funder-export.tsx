import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../../shared/lib/notify';
import { applyServerErrors } from '../../../../shared/lib/server-errors';
import { downloadFunderSummary } from '../api';
import type { FunderSummarySearch } from '../lib/search';

/**
 * 'Exportar a Excel' and 'Exportar a PDF': the funder summary with the filters shown, in the user's language,
 * saved as the server names it; a refusal (a PDF past its row limit) is said in a notification.
 */
export function FunderExport({ search }: { search: FunderSummarySearch }) {
  const { t, i18n } = useTranslation('budget');
  const lang = i18n.language.startsWith('en') ? 'en' : 'es';
  const [busy, setBusy] = useState<'xlsx' | 'pdf' | null>(null);
  const run = async (format: 'xlsx' | 'pdf') => {
    setBusy(format);
    try {
      await downloadFunderSummary(format, lang, search);
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

import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../lib/notify';
import { applyServerErrors } from '../lib/server-errors';

/**
 * 'Exportar a Excel' and 'Exportar a PDF' of a view (the budget summaries, the execution view): `download` saves
 * the file in the user's language with the view's filters; a refusal (a PDF past its row limit) is said in a
 * notification. `labels` are the buttons' words from the module's namespace.
 */
export function ExportButtons({
  download,
  labels,
}: {
  download: (format: 'xlsx' | 'pdf', lang: 'es' | 'en') => Promise<unknown>;
  labels: { xlsx: string; pdf: string };
}) {
  const { t, i18n } = useTranslation();
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
        {labels.xlsx}
      </Button>
      <Button
        variant="light"
        leftSection={<IconFileTypePdf size={16} />}
        loading={busy === 'pdf'}
        disabled={busy !== null && busy !== 'pdf'}
        onClick={() => void run('pdf')}
      >
        {labels.pdf}
      </Button>
    </Group>
  );
}

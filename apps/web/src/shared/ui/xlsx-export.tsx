import { useRef, useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api';
import { applyServerErrors } from '../lib/server-errors';
import { notifyError, notifySuccess } from '../lib/notify';
import type { ExportProgress } from './xlsx-export-run';
import { withRestStyles } from '../styles/load';

type ExportRun = typeof import('./xlsx-export-run');

/** The export address: the list's filters and sort, without paging, plus the UI language. */
function exportUrl(path: string, search: ListSearch, lang: 'es' | 'en'): string {
  const { page: _page, pageSize: _pageSize, ...filters } = search;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  params.set('lang', lang);
  return `${path}?${params.toString()}`;
}

/** A list's search params as the page holds them (paging is left out of the export). */
type ListSearch = { page?: number; pageSize?: number } & Record<string, unknown>;

/**
 * 'Export' on a list: the current filters as xlsx from `path` (an export
 * endpoint taking the list's filters and `lang`). The body is read as a stream
 * so a progress bar can follow it (rows from `x-export-rows`, about
 * BYTES_PER_ROW bytes each), then saved as `<filePrefix>-YYYY-MM-DD.xlsx`.
 * Texts are the `export.*` keys of the list's namespace `ns` (help, button,
 * starting, progress_label, progress, done, failed). The download and its progress bar load on the first
 * press (xlsx-export-run.tsx): a list's first load carries only this panel (issue 24 section 4).
 */
export function XlsxExport({
  path,
  search,
  filePrefix,
  ns,
}: {
  path: string;
  search: ListSearch;
  filePrefix: string;
  ns: string;
}) {
  const { t, i18n } = useTranslation(ns);
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [runner, setRunner] = useState<ExportRun | null>(null);
  const abort = useRef<AbortController | null>(null);
  const lang = i18n.language.startsWith('en') ? 'en' : 'es';

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ received: 0, rows: null });
    try {
      const loaded = runner ?? (await withRestStyles(import('./xlsx-export-run')));
      setRunner(() => loaded);
      const rows = await loaded.runExport(exportUrl(path, search, lang), filePrefix, controller.signal, setProgress);
      notifySuccess(t('export.done', { count: rows ?? 0 }));
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      notifyError(err instanceof ApiError ? applyServerErrors(err, t) : t('export.failed'));
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between" align="center" wrap="wrap">
          <Text size="sm" c="dimmed" maw={760}>
            {t('export.help')}
          </Text>
          <Group gap="xs">
            {progress && (
              <Button
                variant="default"
                size="sm"
                leftSection={<IconX size={16} />}
                onClick={() => abort.current?.abort()}
              >
                {t('common:actions.cancel')}
              </Button>
            )}
            <Button
              variant="light"
              leftSection={<IconFileSpreadsheet size={16} />}
              onClick={() => void run()}
              loading={!!progress}
            >
              {t('export.button')}
            </Button>
          </Group>
        </Group>
        {progress && runner && <runner.ExportProgressView progress={progress} t={t} />}
      </Stack>
    </Paper>
  );
}

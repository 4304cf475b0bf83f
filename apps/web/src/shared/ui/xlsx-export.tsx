import { useRef, useState } from 'react';
import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { todayInGuatemala } from '@amparo/shared/format';
import { ApiError, SESSION_EXPIRED_EVENT } from '../lib/api';
import { applyServerErrors } from '../lib/server-errors';
import { notifyError, notifySuccess } from '../lib/notify';

/** Rough size of one row in the xlsx stream, to turn bytes into a percentage. */
const BYTES_PER_ROW = 200;
/** The bar stays below this until the last byte has arrived. */
const MAX_BEFORE_DONE = 99;

interface ExportProgress {
  received: number;
  rows: number | null;
}

const numberFormat = new Intl.NumberFormat('en-US');
const kilobytes = (bytes: number) => `${numberFormat.format(Math.round(bytes / 1024))} KB`;

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

function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * 'Export' on a list: the current filters as xlsx from `path` (an export
 * endpoint taking the list's filters and `lang`). The body is read as a stream
 * so a progress bar can follow it (rows from `x-export-rows`, about
 * BYTES_PER_ROW bytes each), then saved as `<filePrefix>-YYYY-MM-DD.xlsx`.
 * Texts are the `export.*` keys of the list's namespace `ns` (help, button,
 * starting, progress_label, progress, done, failed).
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
  const abort = useRef<AbortController | null>(null);
  const lang = i18n.language.startsWith('en') ? 'en' : 'es';

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ received: 0, rows: null });
    try {
      const response = await fetch(exportUrl(path, search, lang), {
        credentials: 'same-origin',
        signal: controller.signal,
      });
      if (!response.ok) {
        if (response.status === 401) window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
        const problem = (response.headers.get('content-type') ?? '').includes('json')
          ? await response.json().catch(() => null)
          : null;
        throw new ApiError({ status: response.status, ...(problem ?? {}) });
      }
      const header = response.headers.get('x-export-rows');
      const rows = header !== null && header !== '' && Number.isFinite(Number(header)) ? Number(header) : null;
      const chunks: Uint8Array[] = [];
      let received = 0;
      setProgress({ received, rows });
      const reader = response.body?.getReader();
      if (reader) {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          chunks.push(value);
          received += value.byteLength;
          setProgress({ received, rows });
        }
      } else {
        chunks.push(new Uint8Array(await response.arrayBuffer()));
      }
      const type =
        response.headers.get('content-type') ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
      saveBlob(new Blob(chunks as BlobPart[], { type }), `${filePrefix}-${todayInGuatemala()}.xlsx`);
      notifySuccess(t('export.done', { count: rows ?? 0 }));
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      notifyError(err instanceof ApiError ? applyServerErrors(err, t) : t('export.failed'));
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  const percent = progress?.rows
    ? Math.min(MAX_BEFORE_DONE, (progress.received / (progress.rows * BYTES_PER_ROW)) * 100)
    : null;

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
        {progress && (
          <Stack gap={4} aria-live="polite">
            <Progress
              value={percent ?? 100}
              animated={percent === null}
              striped={percent === null}
              aria-label={t('export.progress_label')}
            />
            <Text size="xs" c="dimmed">
              {progress.rows === null
                ? t('export.starting')
                : t('export.progress', {
                    received: kilobytes(progress.received),
                    rows: numberFormat.format(progress.rows),
                    count: progress.rows,
                    percent: Math.floor(percent ?? 0),
                  })}
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

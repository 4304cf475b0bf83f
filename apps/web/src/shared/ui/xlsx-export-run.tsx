import { Progress, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { formatCount, todayInGuatemala } from '@amparo/shared/format';
import { rejectProblem, saveBlob } from '../lib/download';

/** Rough size of one row in the xlsx stream, to turn bytes into a percentage. */
const BYTES_PER_ROW = 200;
/** The bar stays below this until the last byte has arrived. */
const MAX_BEFORE_DONE = 99;

/** How far an export is: bytes received, and the rows the server announced (`x-export-rows`), if it did. */
export interface ExportProgress {
  received: number;
  rows: number | null;
}

const kilobytes = (bytes: number) => `${formatCount(Math.round(bytes / 1024))} KB`;

/**
 * Downloads an export from `url` as a stream, reporting progress, and saves it as `<filePrefix>-YYYY-MM-DD.xlsx`
 * (the day in America/Guatemala). Resolves to the rows the server announced (null if it did not); rejects with
 * an ApiError for a refused export (a 401 also signals the expired session) or an AbortError when `signal` aborts.
 * Loaded on the first export (XlsxExport), so a list's first load does not carry it.
 */
export async function runExport(
  url: string,
  filePrefix: string,
  signal: AbortSignal,
  onProgress: (progress: ExportProgress) => void,
): Promise<number | null> {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  await rejectProblem(response);
  const header = response.headers.get('x-export-rows');
  const rows = header !== null && header !== '' && Number.isFinite(Number(header)) ? Number(header) : null;
  const chunks: Uint8Array[] = [];
  let received = 0;
  onProgress({ received, rows });
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress({ received, rows });
    }
  } else {
    chunks.push(new Uint8Array(await response.arrayBuffer()));
  }
  const type =
    response.headers.get('content-type') ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  saveBlob(new Blob(chunks as BlobPart[], { type }), `${filePrefix}-${todayInGuatemala()}.xlsx`);
  return rows;
}

/** The export's progress bar and its words (`export.*` keys of the list's namespace, through `t`). */
export function ExportProgressView({ progress, t }: { progress: ExportProgress; t: TFunction }) {
  const percent = progress.rows
    ? Math.min(MAX_BEFORE_DONE, (progress.received / (progress.rows * BYTES_PER_ROW)) * 100)
    : null;
  return (
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
              rows: formatCount(progress.rows),
              count: progress.rows,
              percent: Math.floor(percent ?? 0),
            })}
      </Text>
    </Stack>
  );
}

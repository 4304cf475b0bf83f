import { Button, FileInput, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconTableImport } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCount } from '@amparo/shared/format';

/**
 * The two panels a spreadsheet import's page opens with (the POA import, the payroll's personnel execution): the
 * template to download, and the file with the progress of its upload, its check and its writing. The texts come
 * from the calling module's locale namespace.
 */

/**
 * Where an import stands: sending the file (`percent` 0–100), then on the server: checking it (`step` 'preview') or,
 * for any other step, writing it (`written`: rows so far of the total, once the server reports them).
 */
export interface ImportBusy {
  step: string;
  percent: number;
  written?: { done: number; total: number };
}

export function ImportTemplatePanel(props: {
  title: string;
  help: string;
  label: string;
  loading: boolean;
  onDownload: () => void;
}) {
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {props.title}
        </Title>
        <Text size="sm" c="dimmed">
          {props.help}
        </Text>
        <Group>
          <Button
            variant="light"
            leftSection={<IconFileSpreadsheet size={16} />}
            loading={props.loading}
            onClick={props.onDownload}
          >
            {props.label}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The texts of `ImportFilePanel`: the file input's, and the progress line's for each step. */
export interface ImportFileTexts {
  title: string;
  label: string;
  hint: string;
  placeholder: string;
  uploading: (percent: number) => string;
  checking: string;
  writingStarts: string;
  writing: (done: string, total: string) => string;
  progressLabel: string;
}

/** The file input (disabled while busy) and the progress bar; `children` follow (refusals, results). */
export function ImportFilePanel(props: {
  texts: ImportFileTexts;
  accept: string;
  file: File | null;
  onChoose: (file: File | null) => void;
  busy: ImportBusy | null;
  children?: ReactNode;
}) {
  const { texts, busy } = props;
  const settled = !busy?.written && (busy?.percent ?? 0) >= 100;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {texts.title}
        </Title>
        <FileInput
          label={texts.label}
          description={texts.hint}
          placeholder={texts.placeholder}
          accept={props.accept}
          value={props.file}
          onChange={props.onChoose}
          clearable
          disabled={!!busy}
          leftSection={<IconTableImport size={16} />}
          maw={520}
        />
        {busy && (
          <Stack gap={4} aria-live="polite">
            <Text size="sm">
              {busy.written
                ? texts.writing(formatCount(busy.written.done), formatCount(busy.written.total))
                : busy.percent < 100
                  ? texts.uploading(busy.percent)
                  : busy.step === 'preview'
                    ? texts.checking
                    : texts.writingStarts}
            </Text>
            <Progress
              value={
                busy.written ? (busy.written.done / Math.max(busy.written.total, 1)) * 100 : Math.min(busy.percent, 100)
              }
              animated={settled}
              striped={settled}
              aria-label={texts.progressLabel}
            />
          </Stack>
        )}
        {props.children}
      </Stack>
    </Paper>
  );
}

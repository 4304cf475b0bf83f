import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Progress, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DocumentFile } from '@amparo/shared/modules/documentation.schema';
import { ApiError } from '../../../shared/lib/api';
import { translateFieldError } from '../../../shared/lib/server-errors';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { useDocumentChanged } from '../api/mutations';
import { uploadDocumentFile } from '../api/upload';
import { checkDocumentFile, DOCUMENT_ACCEPT, DOCUMENT_MAX_BYTES, formatSize } from '../lib/files';
import type { TFunction } from 'i18next';

interface UploadFormProps {
  documentId: string;
  /** Replace this file with a new revision (one file) instead of adding files. */
  replaceFile?: DocumentFile;
  /** Called after every file went up (the replace dialog closes). */
  onDone?: () => void;
}

interface Current {
  name: string;
  index: number;
  total: number;
  percent: number;
}

/** The translated reason a server refused an upload. */
function uploadErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const field = error.fieldErrors[0];
    if (field) return translateFieldError(t, field);
    return t(`errors:problem.${error.code}`, { defaultValue: t('errors:problem.internal') });
  }
  return t('errors:problem.internal');
}

/**
 * Picks PDF/PNG/JPG files, checks each in the browser (type by name and
 * content, size) before anything is sent, and uploads them one by one with a
 * progress bar. A refused pick leaves the selection as it was and says why.
 */
export function UploadForm({ documentId, replaceFile, onDone }: UploadFormProps) {
  const { t } = useTranslation('documentation');
  const changed = useDocumentChanged();
  const replacing = !!replaceFile;
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  const [current, setCurrent] = useState<Current | null>(null);
  const max = formatSize(DOCUMENT_MAX_BYTES);

  const choose = async (picked: File[]) => {
    if (picked.length === 0) {
      setFiles([]);
      setRefused([]);
      return;
    }
    setChecking(true);
    const codes = await Promise.all(picked.map((f) => checkDocumentFile(f)));
    setChecking(false);
    const reasons = picked.flatMap((f, i) => {
      const code = codes[i];
      return code
        ? [t('upload.refused', { name: f.name, reason: translateFieldError(t, { code, params: { max } }) })]
        : [];
    });
    setRefused(reasons);
    // Nothing of a pick with a refused file is taken: the selection stays as it was.
    if (reasons.length === 0) setFiles(picked);
  };

  const upload = async () => {
    const queue = [...files];
    const failed: File[] = [];
    let done = 0;
    for (const [i, file] of queue.entries()) {
      setCurrent({ name: file.name, index: i + 1, total: queue.length, percent: 0 });
      try {
        const doc = await uploadDocumentFile({ documentId, replaceFileId: replaceFile?.id }, file, (percent) =>
          setCurrent((c) => (c ? { ...c, percent } : c)),
        );
        done += 1;
        void changed(doc);
      } catch (error) {
        failed.push(file);
        notifyError(t('upload.failed', { name: file.name, reason: uploadErrorMessage(error, t) }));
      }
    }
    setCurrent(null);
    // Failed files stay selected so they can be sent again.
    setFiles(failed);
    if (done > 0) notifySuccess(replacing ? t('upload.replaced') : t('upload.uploaded', { count: done }));
    if (failed.length === 0) onDone?.();
  };

  const busy = current !== null;
  const fileInputProps = {
    label: replacing ? t('upload.replaceLabel') : t('upload.label'),
    description: replacing ? t('upload.replaceHint', { max }) : t('upload.hint', { max }),
    accept: DOCUMENT_ACCEPT,
    clearable: true,
    disabled: busy,
    leftSection: <IconUpload size={16} />,
  };

  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm" wrap="wrap">
        {replacing ? (
          <FileInput
            {...fileInputProps}
            placeholder={t('upload.replacePlaceholder')}
            value={files[0] ?? null}
            onChange={(f) => void choose(f ? [f] : [])}
            style={{ flex: 1, minWidth: 260 }}
          />
        ) : (
          <FileInput
            {...fileInputProps}
            multiple
            placeholder={t('upload.placeholder')}
            value={files}
            onChange={(f) => void choose(f)}
            style={{ flex: 1, minWidth: 260 }}
          />
        )}
        <Button
          onClick={() => void upload()}
          disabled={files.length === 0 || checking}
          loading={busy}
          leftSection={<IconUpload size={16} />}
        >
          {replacing ? t('actions.replace') : t('actions.upload')}
        </Button>
      </Group>
      {checking && (
        <Text size="sm" c="dimmed">
          {t('upload.checking')}
        </Text>
      )}
      {refused.length > 0 && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="upload-refused">
          <List size="sm" spacing={2}>
            {refused.map((r) => (
              <List.Item key={r}>{r}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {current && (
        <Stack gap={4} aria-live="polite">
          <Text size="sm">
            {t('upload.progress', { name: current.name, index: current.index, total: current.total })}
          </Text>
          <Progress value={current.percent} animated aria-label={t('upload.progressLabel')} />
        </Stack>
      )}
    </Stack>
  );
}

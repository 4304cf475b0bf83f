import { useState } from 'react';
import { Button, FileInput, Group } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { checkPhoto, PHOTO_TYPES } from '../lib/photo';
import { translateFieldError } from '../lib/server-errors';
import { useAppInfo } from '../hooks/use-app-info';

/** Used until app-info has answered: the server's default PHOTO_MAX_BYTES. */
const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;

interface PhotoUploadProps {
  onUpload: (file: File) => Promise<unknown>;
  loading?: boolean;
}

/** Picks a png/jpg up to the server's limit, checked here before it is sent (spec section 5). */
export function PhotoUpload({ onUpload, loading }: PhotoUploadProps) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const maxBytes = useAppInfo().data?.photoMaxBytes ?? DEFAULT_MAX_BYTES;

  const choose = (next: File | null) => {
    setFile(next);
    const code = next ? checkPhoto(next, maxBytes) : null;
    setError(code ? translateFieldError(t, { code }) : null);
  };

  const upload = async () => {
    if (!file || error) return;
    try {
      await onUpload(file);
      setFile(null);
    } catch {
      // The caller reports the server's answer; keep the file so the user can retry.
    }
  };

  return (
    <Group align="flex-end" gap="sm">
      <FileInput
        label={t('common:photo.label')}
        description={t('common:photo.hint')}
        placeholder={t('common:photo.choose')}
        accept={PHOTO_TYPES.join(',')}
        value={file}
        onChange={choose}
        error={error}
        clearable
        leftSection={<IconPhotoUp size={16} />}
        miw={260}
      />
      <Button onClick={upload} disabled={!file || !!error} loading={loading}>
        {t('common:photo.upload')}
      </Button>
    </Group>
  );
}

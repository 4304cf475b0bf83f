import { useState } from 'react';
import { FileInput } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from '../../../shared/lib/server-errors';
import { checkTicketFile, formatSize, TICKET_FILE_ACCEPT, TICKET_FILE_MAX_BYTES } from '../lib/files';

interface AttachmentInputProps {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}

/**
 * One screenshot (PNG, JPEG) or PDF, checked in the browser (name, content,
 * size) before anything is sent; a refused pick leaves the field empty and says why.
 */
export function AttachmentInput({ label, value, onChange, disabled }: AttachmentInputProps) {
  const { t } = useTranslation('support');
  const [error, setError] = useState<string | null>(null);
  const max = formatSize(TICKET_FILE_MAX_BYTES);
  const choose = async (file: File | null) => {
    if (!file) {
      setError(null);
      onChange(null);
      return;
    }
    const code = await checkTicketFile(file);
    setError(code ? translateFieldError(t, { code, params: { max } }) : null);
    onChange(code ? null : file);
  };
  return (
    <FileInput
      label={label}
      description={t('files.hint', { max })}
      placeholder={t('files.placeholder')}
      accept={TICKET_FILE_ACCEPT}
      clearable
      disabled={disabled}
      leftSection={<IconPaperclip size={16} aria-hidden />}
      value={value}
      onChange={(f) => void choose(f)}
      error={error}
    />
  );
}

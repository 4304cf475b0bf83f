import { Anchor, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DocumentFile } from '@amparo/shared/modules/documentation.schema';
import { fileContentUrl, filePreviewUrl, isImage } from '../lib/files';

/**
 * Shows an image in an <img> (a huge one from its reduced copy, saying so; the download stays the original), a PDF
 * in the browser's viewer (<object>, with a link when it cannot).
 */
export function FilePreviewModal({ file, onClose }: { file: DocumentFile | null; onClose: () => void }) {
  const { t } = useTranslation('documentation');
  const url = file ? filePreviewUrl(file) : '';
  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      title={file ? t('files.previewTitle', { name: file.name }) : ''}
      size="80rem"
      centered
    >
      {file && (
        <>
          {isImage(file) ? (
            // Shown at its own size at most: a small scan is not blown up.
            <Stack gap="xs" align="center">
              <Image src={url} alt={file.name} fit="contain" w="auto" maw="100%" mah="75vh" />
              {file.hasPreview && (
                <Text size="sm" c="dimmed">
                  {t('files.previewReduced')}
                </Text>
              )}
            </Stack>
          ) : (
            <object
              data={url}
              type="application/pdf"
              width="100%"
              style={{ height: '75vh', border: 0 }}
              aria-label={file.name}
            >
              <Text size="sm" c="dimmed" py="md">
                {t('files.previewFallback')}
              </Text>
            </object>
          )}
          <Group justify="flex-end" mt="sm" gap="lg">
            <Anchor href={url} target="_blank" rel="noopener" size="sm">
              <Group gap={4} component="span">
                <IconExternalLink size={16} />
                {t('actions.openNewTab')}
              </Group>
            </Anchor>
            <Anchor href={fileContentUrl(file.id, true)} download={file.name} size="sm">
              <Group gap={4} component="span">
                <IconDownload size={16} />
                {t('actions.download')}
              </Group>
            </Anchor>
          </Group>
        </>
      )}
    </Modal>
  );
}

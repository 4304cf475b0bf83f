import { Fragment, type ReactNode } from 'react';
import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconCornerDownRight, IconDownload, IconEye, IconReplace, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DocumentFile } from '@amparo/shared/modules/documentation.schema';
import { EMPTY } from '../../../shared/lib/format';
import { DateText } from '../../../shared/ui/format';
import { currentFilesWithHistory, fileContentUrl, formatSize, typeLabel } from '../lib/files';

interface FilesTableProps {
  files: DocumentFile[];
  onPreview: (file: DocumentFile) => void;
  onReplace: (file: DocumentFile) => void;
  onDelete: (file: DocumentFile) => void;
}

/** One row per current file, its earlier revisions under it (each downloadable). */
export function FilesTable({ files, onPreview, onReplace, onDelete }: FilesTableProps) {
  const { t } = useTranslation('documentation');
  const rows = currentFilesWithHistory(files);
  if (rows.length === 0)
    return (
      <Text c="dimmed" py="md" ta="center">
        {t('files.none')}
      </Text>
    );

  // Each icon button's accessible name carries the file ('Descargar acta.pdf'); the tooltip only the action.
  const action = (tip: string, label: string, icon: ReactNode, props: Record<string, unknown>, color?: string) => (
    <Tooltip label={tip}>
      <ActionIcon variant="subtle" color={color} aria-label={label} {...props}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  const preview = t('actions.preview');
  const download = t('actions.download');

  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('files.name')}</Table.Th>
            <Table.Th>{t('files.type')}</Table.Th>
            <Table.Th>{t('files.size')}</Table.Th>
            <Table.Th>{t('files.revision')}</Table.Th>
            <Table.Th>{t('files.uploadedBy')}</Table.Th>
            <Table.Th>{t('files.uploadedAt')}</Table.Th>
            <Table.Th w={170}>{t('common:status.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ file, earlier }) => (
            <Fragment key={file.id}>
              <Table.Tr data-testid="file-row">
                <Table.Td fw={500} style={{ wordBreak: 'break-all' }}>
                  {file.name}
                </Table.Td>
                <Table.Td>{typeLabel(file.mime)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatSize(file.sizeBytes)}</Table.Td>
                <Table.Td>{t('files.revisionValue', { revision: file.revision })}</Table.Td>
                <Table.Td>{file.uploadedByName ?? EMPTY}</Table.Td>
                <Table.Td>
                  <DateText value={file.uploadedAt} withTime />
                </Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    {action(preview, `${preview} ${file.name}`, <IconEye size={18} />, {
                      onClick: () => onPreview(file),
                    })}
                    {action(download, `${download} ${file.name}`, <IconDownload size={18} />, {
                      component: 'a',
                      href: fileContentUrl(file.id, true),
                      download: file.name,
                    })}
                    {action(t('actions.replace'), `${t('actions.replace')} ${file.name}`, <IconReplace size={18} />, {
                      onClick: () => onReplace(file),
                    })}
                    {action(
                      t('actions.deleteFile'),
                      `${t('actions.deleteFile')} ${file.name}`,
                      <IconTrash size={18} />,
                      { onClick: () => onDelete(file) },
                      'red',
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
              {earlier.map((rev) => (
                <Table.Tr
                  key={rev.id}
                  data-testid="file-revision-row"
                  aria-label={t('files.earlierList', { name: file.name })}
                >
                  <Table.Td pl="lg">
                    <Group gap={6} wrap="nowrap">
                      <IconCornerDownRight size={16} aria-hidden />
                      <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                        {rev.name}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td c="dimmed">{typeLabel(rev.mime)}</Table.Td>
                  <Table.Td c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatSize(rev.sizeBytes)}
                  </Table.Td>
                  <Table.Td c="dimmed">{t('files.revisionValue', { revision: rev.revision })}</Table.Td>
                  <Table.Td c="dimmed">{rev.uploadedByName ?? EMPTY}</Table.Td>
                  <Table.Td c="dimmed">
                    <DateText value={rev.uploadedAt} withTime />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      {action(
                        preview,
                        `${preview} ${rev.name} ${t('files.revisionValue', { revision: rev.revision })}`,
                        <IconEye size={18} />,
                        {
                          onClick: () => onPreview(rev),
                        },
                      )}
                      {action(
                        download,
                        t('files.downloadRevision', { revision: rev.revision, name: rev.name }),
                        <IconDownload size={18} />,
                        {
                          component: 'a',
                          href: fileContentUrl(rev.id, true),
                          download: rev.name,
                        },
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

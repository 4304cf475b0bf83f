import type { ReactNode } from 'react';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconCornerDownRight, IconDownload, IconEye, IconReplace, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DocumentFile } from '@amparo/shared/modules/documentation.schema';
import { EMPTY } from '../../../shared/lib/format';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
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

  const earlierOf = new Map(rows.map(({ file, earlier }) => [file.id, earlier]));
  // A revision row is named after the current file it belongs to ('Revisiones anteriores de acta.pdf').
  const currentNameOf = new Map(
    rows.flatMap(({ file, earlier }) => earlier.map((rev) => [rev.id, file.name] as const)),
  );
  const earlierNameOf = (rev: DocumentFile) => currentNameOf.get(rev.id) ?? rev.name;
  const revisionOf = (f: DocumentFile) => t('files.revisionValue', { revision: f.revision });
  const columns: DataColumn<DocumentFile>[] = [
    {
      id: 'name',
      header: t('files.name'),
      text: (f) => f.name,
      cell: (f, depth) =>
        depth === 0 ? (
          <Text size="sm" fw={500} style={{ wordBreak: 'break-all' }}>
            {f.name}
          </Text>
        ) : (
          <Group gap={6} wrap="nowrap">
            <IconCornerDownRight size={16} aria-hidden />
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {f.name}
            </Text>
          </Group>
        ),
    },
    { id: 'type', header: t('files.type'), text: (f) => typeLabel(f.mime) },
    {
      id: 'size',
      header: t('files.size'),
      cell: (f) => <span style={{ whiteSpace: 'nowrap' }}>{formatSize(f.sizeBytes)}</span>,
    },
    { id: 'revision', header: t('files.revision'), text: revisionOf },
    { id: 'uploadedBy', header: t('files.uploadedBy'), text: (f) => f.uploadedByName ?? EMPTY, truncate: true },
    { id: 'uploadedAt', header: t('files.uploadedAt'), cell: (f) => <DateText value={f.uploadedAt} withTime /> },
  ];

  return (
    <DataTable
      bare
      label={t('files.name')}
      columns={columns}
      rows={rows.map((r) => r.file)}
      rowKey={(f) => f.id}
      subRows={(f) => earlierOf.get(f.id) ?? []}
      rowAttributes={(f, depth): Record<string, string> =>
        depth === 0
          ? { 'data-testid': 'file-row' }
          : { 'data-testid': 'file-revision-row', 'aria-label': t('files.earlierList', { name: earlierNameOf(f) }) }
      }
      minWidth={860}
      actionsWidth={170}
      actions={(file, depth) =>
        depth === 0 ? (
          <Group gap={2} wrap="nowrap">
            {action(preview, `${preview} ${file.name}`, <IconEye size={18} />, { onClick: () => onPreview(file) })}
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
        ) : (
          <Group gap={2} wrap="nowrap">
            {action(preview, `${preview} ${file.name} ${revisionOf(file)}`, <IconEye size={18} />, {
              onClick: () => onPreview(file),
            })}
            {action(
              download,
              t('files.downloadRevision', { revision: file.revision, name: file.name }),
              <IconDownload size={18} />,
              { component: 'a', href: fileContentUrl(file.id, true), download: file.name },
            )}
          </Group>
        )
      }
    />
  );
}

import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentSummary } from '@amparo/shared/modules/documentation.schema';
import { useCatalog } from '../../../shared/hooks/use-catalog';
import { EMPTY } from '../../../shared/lib/format';
import { DataTable, type DataColumn, type ServerSort } from '../../../shared/ui/data-table/data-table';
import { DateText } from '../../../shared/ui/format';
import { RowActions } from '../../../shared/ui/row-actions';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';

/**
 * The documents list's table; `sort` is the list's server sort (title, date, type, updated), and `pageSize`
 * skeleton rows show while the page loads, so nothing below jumps.
 */
export function DocumentsTable({
  items,
  sort,
  pageSize,
}: {
  items: DocumentSummary[] | undefined;
  sort?: ServerSort;
  pageSize: number;
}) {
  const { t } = useTranslation('documentation');
  const types = useCatalog('document_type');
  const columns: DataColumn<DocumentSummary>[] = [
    {
      id: 'title',
      header: t('fields.title'),
      text: (d) => d.title,
      cell: (d) => (
        <AnchorLink to="/documentation/view/$id" params={{ id: d.id }}>
          {d.title}
        </AnchorLink>
      ),
      strong: true,
      wrap: true,
      sortable: true,
    },
    {
      id: 'documentType',
      header: t('fields.documentType'),
      text: (d) => types.labelOf(d.documentType),
      wrap: true,
    },
    {
      id: 'documentDate',
      header: t('fields.documentDate'),
      cell: (d) => <DateText value={d.documentDate} />,
      width: 120,
      sortable: true,
    },
    { id: 'area', header: t('fields.area'), text: (d) => d.area, wrap: true },
    {
      id: 'person',
      header: t('fields.person'),
      text: (d) => d.personName ?? d.personId,
      cell: (d) =>
        d.personId ? (
          <AnchorLink to="/population/served/$id" params={{ id: d.personId }}>
            {d.personName ?? d.personId}
          </AnchorLink>
        ) : (
          (d.personName ?? EMPTY)
        ),
      wrap: true,
    },
    {
      id: 'tags',
      header: t('fields.tags'),
      text: (d) => d.tags.join(', '),
      cell: (d) =>
        d.tags.length === 0 ? (
          EMPTY
        ) : (
          <Group gap={4} wrap="nowrap">
            {d.tags.map((tag) => (
              <Badge key={tag} variant="light" size="sm" tt="none">
                {tag}
              </Badge>
            ))}
          </Group>
        ),
      wrap: true,
    },
    {
      id: 'files',
      header: t('fields.files'),
      cell: (d) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {t('list.filesCount', { count: d.fileCount })}
        </Text>
      ),
      width: 100,
    },
    {
      id: 'updatedAt',
      header: t('fields.updatedAt'),
      cell: (d) => <DateText value={d.updatedAt} withTime />,
      width: 170,
      sortable: true,
    },
  ];
  return (
    <DataTable
      bare
      label={t('title')}
      columns={columns}
      rows={items}
      loadingRows={pageSize}
      rowKey={(d) => d.id}
      sort={sort}
      minWidth={1000}
      actionsWidth={80}
      actions={(doc) => (
        <RowActions name={doc.title} edit={{ to: '/documentation/edit/$id', params: { id: doc.id } }} />
      )}
    />
  );
}

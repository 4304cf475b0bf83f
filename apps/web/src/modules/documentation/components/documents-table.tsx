import { Badge, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentSummary } from '@amparo/shared/modules/documentation.schema';
import { useCatalog } from '../../../shared/hooks/use-catalog';
import { EMPTY } from '../../../shared/lib/format';
import { EmptyRow } from '../../../shared/ui/empty-row';
import { DateText } from '../../../shared/ui/format';
import { RowActions } from '../../../shared/ui/row-actions';
import { AnchorLink } from '../../../shared/ui/router-links';

const COLUMNS = 9;

export function DocumentsTable({ items }: { items: DocumentSummary[] }) {
  const { t } = useTranslation('documentation');
  const types = useCatalog('document_type');
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.title')}</Table.Th>
            <Table.Th>{t('fields.documentType')}</Table.Th>
            <Table.Th>{t('fields.documentDate')}</Table.Th>
            <Table.Th>{t('fields.area')}</Table.Th>
            <Table.Th>{t('fields.person')}</Table.Th>
            <Table.Th>{t('fields.tags')}</Table.Th>
            <Table.Th>{t('fields.files')}</Table.Th>
            <Table.Th>{t('fields.updatedAt')}</Table.Th>
            <Table.Th w={80}>{t('common:status.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.length === 0 && <EmptyRow colSpan={COLUMNS} />}
          {items.map((doc) => (
            <Table.Tr key={doc.id}>
              <Table.Td fw={500}>
                <AnchorLink to="/documentation/view/$id" params={{ id: doc.id }}>
                  {doc.title}
                </AnchorLink>
              </Table.Td>
              <Table.Td>{types.labelOf(doc.documentType) ?? EMPTY}</Table.Td>
              <Table.Td>
                <DateText value={doc.documentDate} />
              </Table.Td>
              <Table.Td>{doc.area ?? EMPTY}</Table.Td>
              <Table.Td>
                {doc.personId ? (
                  <AnchorLink to="/population/served/$id" params={{ id: doc.personId }}>
                    {doc.personName ?? doc.personId}
                  </AnchorLink>
                ) : (
                  (doc.personName ?? EMPTY)
                )}
              </Table.Td>
              <Table.Td>
                {doc.tags.length === 0 ? (
                  EMPTY
                ) : (
                  <Group gap={4}>
                    {doc.tags.map((tag) => (
                      <Badge key={tag} variant="light" size="sm" tt="none">
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {t('list.filesCount', { count: doc.fileCount })}
                </Text>
              </Table.Td>
              <Table.Td>
                <DateText value={doc.updatedAt} withTime />
              </Table.Td>
              <Table.Td>
                <RowActions name={doc.title} edit={{ to: '/documentation/edit/$id', params: { id: doc.id } }} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconEye, IconFilePlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../../shared/ui/page-state';
import { useCurrentUser } from '../../../../shared/hooks/use-current-user';
import { formatDate } from '../../../../shared/lib/format';
import { can } from '../../../../shared/lib/session';
import { DataTable, type DataColumn } from '../../../../shared/ui/data-table/data-table';
import { TablePagination } from '../../../../shared/ui/table-pagination';
import { personDocumentFileUrl, usePersonDocumentsPage, type PersonDocument } from '../../persons/api/queries';
import { CatalogText } from '../../shared/components/catalog-text';
import { AnchorLink } from '../../../../shared/ui/router-links/anchor-link';

const PAGE_SIZE = 20;
/**
 * 'Documents' tab: the person's documents with their current files, opened
 * (preview in a new tab, or download) under the person's grant; the server
 * audits each opening on the person. Adding and editing are Documentation's
 * screens, offered to who holds that key.
 */
export function FileDocuments({ personId, canWrite }: { personId: string; canWrite: boolean }) {
  const { t } = useTranslation('population');
  const user = useCurrentUser();
  const documentation = can(user, 'documentacion_documentacion');
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const documents = usePersonDocumentsPage(personId, page, PAGE_SIZE);

  const columns: DataColumn<PersonDocument>[] = [
    { id: 'date', header: t('person_documents.date'), text: (d) => formatDate(d.documentDate), width: 120 },
    {
      id: 'title',
      header: t('person_documents.title'),
      text: (d) => d.title,
      cell: (d) =>
        documentation ? (
          <AnchorLink to="/documentation/view/$id" params={{ id: d.id }} size="sm" title={t('person_documents.open')}>
            {d.title}
          </AnchorLink>
        ) : (
          d.title
        ),
      wrap: true,
    },
    {
      id: 'type',
      header: t('person_documents.type'),
      cell: (d) => <CatalogText catalog="document_type" code={d.documentType} />,
    },
    {
      id: 'files',
      header: t('person_documents.files'),
      cell: (d) => {
        const files = d.files.filter((f) => f.current);
        if (files.length === 0)
          return (
            <Text size="sm" c="dimmed">
              {t('person_documents.no_files')}
            </Text>
          );
        return (
          <Stack gap={2}>
            {files.map((f) => (
              <Group key={f.id} gap="xs" wrap="nowrap">
                <Text size="sm">{f.name}</Text>
                <Anchor
                  href={personDocumentFileUrl(personId, f)}
                  target="_blank"
                  rel="noopener"
                  aria-label={t(f.hasPreview ? 'person_documents.preview_reduced' : 'person_documents.preview', {
                    name: f.name,
                  })}
                >
                  <IconEye size={16} aria-hidden />
                </Anchor>
                <Anchor
                  href={personDocumentFileUrl(personId, f, true)}
                  download={f.name}
                  aria-label={t('person_documents.download', { name: f.name })}
                >
                  <IconDownload size={16} aria-hidden />
                </Anchor>
              </Group>
            ))}
          </Stack>
        );
      },
      // A file's name wraps beside its two buttons.
      wrap: true,
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text size="sm" c="dimmed" maw={720}>
          {t('person_documents.help')}
        </Text>
        {documentation && canWrite && (
          <Button
            onClick={() => void navigate({ to: '/documentation/add', search: { personId } })}
            leftSection={<IconFilePlus size={16} />}
            variant="light"
          >
            {t('person_documents.add')}
          </Button>
        )}
      </Group>
      <QueryStatus query={documents} />
      {documents.data && (
        <>
          <DataTable
            bare
            label={t('detail.tab_documents')}
            columns={columns}
            rows={documents.data.items}
            rowKey={(d) => d.id}
            minWidth={760}
          />
          {documents.data.total > PAGE_SIZE && (
            <TablePagination
              page={page}
              pageSize={PAGE_SIZE}
              total={documents.data.total}
              totalCapped={false}
              onChange={setPage}
            />
          )}
        </>
      )}
      {documents.data === null && <Alert color="red">{t('errors:problem.no_person_access')}</Alert>}
    </Stack>
  );
}

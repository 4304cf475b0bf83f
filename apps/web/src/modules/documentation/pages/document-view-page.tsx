import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { DocumentFile } from '@amparo/shared/modules/documentation.schema';
import { useCatalog } from '../../../shared/hooks/use-catalog';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { EMPTY } from '../../../shared/lib/format';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { DateText } from '../../../shared/ui/format';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { useDeleteDocument, useDeleteFile } from '../api/mutations';
import { useDocument } from '../api/queries';
import { FilePreviewModal } from '../components/file-preview-modal';
import { FilesTable } from '../components/files-table';
import { UploadForm } from '../components/upload-form';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** One document: its metadata, its files (preview, download, replace, delete) and the upload area. */
export function DocumentViewPage() {
  const { t } = useTranslation('documentation');
  const navigate = useNavigate();
  const { id } = useParams({ from: '/app/documentation/view/$id' });
  const doc = useDocument(id);
  const types = useCatalog('document_type');
  const removeDocument = useDeleteDocument();
  const removeFile = useDeleteFile(id);
  const [preview, setPreview] = useState<DocumentFile | null>(null);
  const [replacing, setReplacing] = useState<DocumentFile | null>(null);
  const [deletingFile, setDeletingFile] = useState<DocumentFile | null>(null);
  const [deletingDoc, setDeletingDoc] = useState(false);

  if (doc.isPending) return <PageLoader />;
  if (doc.isError) return <PageError error={doc.error} onRetry={() => void doc.refetch()} />;
  const d = doc.data;

  const confirmDeleteFile = async () => {
    if (!deletingFile) return;
    try {
      await removeFile.mutateAsync(deletingFile.id);
      notifySuccess(t('files.deleted'));
    } catch (error) {
      notifyError(applyServerErrors(error, t));
    } finally {
      setDeletingFile(null);
    }
  };
  const confirmDeleteDoc = async () => {
    try {
      await removeDocument.mutateAsync(id);
      notifySuccess(t('messages.deleted'));
      await navigate({ to: '/documentation/list' });
    } catch (error) {
      notifyError(applyServerErrors(error, t));
      setDeletingDoc(false);
    }
  };

  return (
    <>
      <PageHeader
        title={d.title}
        actions={
          <>
            <ButtonLink to="/documentation/list" variant="default" leftSection={<IconArrowLeft size={16} />}>
              {t('actions.back')}
            </ButtonLink>
            <ButtonLink
              to="/documentation/edit/$id"
              params={{ id: id }}
              variant="light"
              leftSection={<IconPencil size={16} />}
            >
              {t('actions.edit')}
            </ButtonLink>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} />}
              onClick={() => setDeletingDoc(true)}
            >
              {t('actions.delete')}
            </Button>
          </>
        }
      />

      <Stack>
        <Paper withBorder p="lg">
          <Title order={2} size="h4" mb="md">
            {t('view.details')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            <Field label={t('fields.documentType')}>{types.labelOf(d.documentType) ?? EMPTY}</Field>
            <Field label={t('fields.documentDate')}>
              <DateText value={d.documentDate} />
            </Field>
            <Field label={t('fields.area')}>{d.area ?? EMPTY}</Field>
            <Field label={t('fields.person')}>
              {d.personId ? (
                <AnchorLink to="/population/served/$id" params={{ id: d.personId }}>
                  {d.personName ?? d.personId}
                </AnchorLink>
              ) : (
                t('view.noPerson')
              )}
            </Field>
            <Field label={t('fields.createdAt')}>
              <DateText value={d.createdAt} withTime />
            </Field>
            <Field label={t('fields.updatedAt')}>
              <DateText value={d.updatedAt} withTime />
            </Field>
          </SimpleGrid>
          <Stack mt="md" gap="md">
            <Field label={t('fields.tags')}>
              {d.tags.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t('view.noTags')}
                </Text>
              ) : (
                <Group gap={6}>
                  {d.tags.map((tag) => (
                    <Badge key={tag} variant="light" tt="none">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              )}
            </Field>
            <Field label={t('fields.description')}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {d.description ?? EMPTY}
              </Text>
            </Field>
          </Stack>
        </Paper>

        <Paper withBorder p="lg">
          <Title order={2} size="h4" mb="md">
            {t('files.title')}
          </Title>
          <FilesTable files={d.files} onPreview={setPreview} onReplace={setReplacing} onDelete={setDeletingFile} />
        </Paper>

        <Paper withBorder p="lg">
          <Title order={2} size="h4" mb="md">
            {t('upload.title')}
          </Title>
          <UploadForm documentId={id} />
        </Paper>
      </Stack>

      <FilePreviewModal file={preview} onClose={() => setPreview(null)} />

      <Modal
        opened={replacing !== null}
        onClose={() => setReplacing(null)}
        title={replacing ? t('upload.replaceTitle', { name: replacing.name }) : ''}
        size="lg"
        centered
      >
        {replacing && <UploadForm documentId={id} replaceFile={replacing} onDone={() => setReplacing(null)} />}
      </Modal>

      <ConfirmDialog
        opened={deletingFile !== null}
        title={t('common:confirm.deleteTitle')}
        message={deletingFile ? t('files.deleteMessage', { name: deletingFile.name }) : ''}
        loading={removeFile.isPending}
        onConfirm={() => void confirmDeleteFile()}
        onClose={() => setDeletingFile(null)}
      />
      <ConfirmDialog
        opened={deletingDoc}
        title={t('common:confirm.deleteTitle')}
        message={t('messages.deleteMessage', { title: d.title })}
        loading={removeDocument.isPending}
        onConfirm={() => void confirmDeleteDoc()}
        onClose={() => setDeletingDoc(false)}
      />
    </>
  );
}

import { useState } from 'react';
import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { DocumentInput } from '@amparo/shared/modules/documentation.schema';
import { ApiError } from '../../../shared/lib/api';
import { notifySuccess } from '../../../shared/lib/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { useUpdateDocument } from '../api/mutations';
import { useDocument } from '../api/queries';
import { DocumentForm } from '../components/document-form';

export function DocumentEditPage() {
  const { t } = useTranslation('documentation');
  const navigate = useNavigate();
  const { id } = useParams({ from: '/app/documentation/edit/$id' });
  const doc = useDocument(id);
  const update = useUpdateDocument(id);
  const [conflict, setConflict] = useState(false);

  if (doc.isPending) return <PageLoader />;
  if (doc.isError) return <PageError error={doc.error} onRetry={() => void doc.refetch()} />;

  const { title, documentType, description, documentDate, area, personId, personName, tags, version } = doc.data;
  const viewTo = `/documentation/view/${id}`;
  const save = async (values: DocumentInput) => {
    try {
      await update.mutateAsync({ ...values, version });
    } catch (error) {
      // Someone else saved first: say so beside the form instead of overwriting their change.
      if (error instanceof ApiError && error.status === 409) setConflict(true);
      throw error;
    }
    notifySuccess(t('messages.updated'));
    await navigate({ to: '/documentation/view/$id', params: { id } });
  };
  const reload = () => {
    setConflict(false);
    void doc.refetch();
  };

  return (
    <>
      <PageHeader title={t('editTitle', { title })} />
      <DocumentForm
        // A reload after a conflict brings a new version: start the form again from it.
        key={version}
        initialValues={{
          title,
          documentType,
          description: description ?? '',
          documentDate,
          area: area ?? '',
          personId,
          tags,
        }}
        initialPerson={personId ? { id: personId, name: personName ?? personId } : null}
        onSubmit={save}
        saving={update.isPending}
        cancelTo={viewTo}
        footer={
          conflict && (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} role="alert">
              {t('errors:problem.version_conflict')}
              <Button display="block" mt="sm" size="xs" variant="light" color="orange" onClick={reload}>
                {t('actions.reload')}
              </Button>
            </Alert>
          )
        }
      />
    </>
  );
}

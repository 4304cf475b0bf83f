import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { DocumentInput } from '@amparo/shared/modules/documentation.schema';
import { notifySuccess } from '../../../shared/lib/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCreateDocument } from '../api/mutations';
import { DocumentForm, emptyDocument, FilesAfterCreateHint } from '../components/document-form';

export function DocumentAddPage() {
  const { t } = useTranslation('documentation');
  const navigate = useNavigate();
  const create = useCreateDocument();
  const save = async (values: DocumentInput) => {
    const doc = await create.mutateAsync(values);
    notifySuccess(t('messages.created'));
    // Files are added on the view page.
    await navigate({ to: '/documentation/view/$id', params: { id: doc.id } });
  };
  return (
    <>
      <PageHeader title={t('addTitle')} />
      <DocumentForm
        initialValues={emptyDocument()}
        onSubmit={save}
        saving={create.isPending}
        cancelTo="/documentation/list"
        footer={<FilesAfterCreateHint />}
      />
    </>
  );
}

import { useNavigate, useSearch } from '@tanstack/react-router';
import { Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DocumentInput } from '@amparo/shared/modules/documentation.schema';
import { notifySuccess } from '../../../shared/lib/notify';
import { useContractSearch } from '../../../shared/lib/url-search';
import { documentAddSearch } from '../api/list-search';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCreateDocument } from '../api/mutations';
import { usePersonName } from '../api/queries';
import { DocumentForm, emptyDocument, FilesAfterCreateHint } from '../components/document-form';

export function DocumentAddPage() {
  const { t } = useTranslation('documentation');
  const navigate = useNavigate();
  const create = useCreateDocument();
  // From a person's file: the document starts tied to them.
  const { personId } = useContractSearch(documentAddSearch, useSearch({ from: '/app/documentation/add' }));
  const person = usePersonName(personId);
  const save = async (values: DocumentInput) => {
    const doc = await create.mutateAsync(values);
    notifySuccess(t('messages.created'));
    // Files are added on the view page.
    await navigate({ to: '/documentation/view/$id', params: { id: doc.id } });
  };
  return (
    <>
      <PageHeader title={t('addTitle')} />
      {personId && person.isPending ? (
        <Loader size="sm" />
      ) : (
        <DocumentForm
          initialValues={{ ...emptyDocument(), personId: person.data?.id ?? null }}
          initialPerson={person.data ?? null}
          onSubmit={save}
          saving={create.isPending}
          cancelTo="/documentation/list"
          footer={<FilesAfterCreateHint />}
        />
      )}
    </>
  );
}

import { Stack } from '@mantine/core';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/lib/notify';
import { BackHeader } from '../../../shared/ui/back-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { useCreateAgreement } from '../api/mutations';
import { useProvider } from '../api/queries';
import { AgreementForm } from '../components/agreement-form';
import { emptyAgreementValues, type AgreementFormOutput } from '../components/agreement-form-values';

/** A new framework agreement of a provider (`/configuration/providers/$id/agreements/add`); then its list. */
export function AgreementAddPage() {
  const { t } = useTranslation('providers');
  const navigate = useNavigate();
  const { id } = useParams({ from: '/app/configuration/providers/$id/agreements/add' });
  const provider = useProvider(id);
  const create = useCreateAgreement(id);

  if (provider.isPending) return <PageLoader />;
  if (provider.isError) return <PageError error={provider.error} onRetry={() => void provider.refetch()} />;

  const title = t('providers:agreements.addTitle', { name: provider.data.name });
  const save = async (values: AgreementFormOutput) => {
    await create.mutateAsync(values);
    notifySuccess(t('providers:agreements.created'));
    await navigate({ to: '/configuration/providers/$id/agreements', params: { id } });
  };
  return (
    <Stack gap="md">
      <BackHeader
        title={title}
        back={{ to: '/configuration/providers/$id/agreements', params: { id } }}
        backLabel={t('providers:agreements.back')}
      />
      <AgreementForm
        providerId={id}
        label={title}
        initialValues={emptyAgreementValues()}
        onSubmit={save}
        saving={create.isPending}
      />
    </Stack>
  );
}

import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/lib/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { useUpdateHeadquarter } from '../api/mutations';
import { useHeadquarter } from '../api/queries';
import { HeadquarterForm, type HeadquarterValues } from '../components/headquarter-form';

export function HeadquarterEditPage() {
  const { t } = useTranslation('headquarters');
  const navigate = useNavigate();
  const { id } = useParams({ from: '/app/configuration/headquarter/edit/$id' });
  const headquarter = useHeadquarter(id);
  const update = useUpdateHeadquarter(id);

  if (headquarter.isPending) return <PageLoader />;
  if (headquarter.isError) return <PageError error={headquarter.error} onRetry={() => void headquarter.refetch()} />;

  const { code, name, country, state, address, active, version } = headquarter.data;
  const save = async (values: HeadquarterValues) => {
    await update.mutateAsync({ ...values, version });
    notifySuccess(t('headquarters:updated'));
    await navigate({ to: '/configuration/headquarter/list' });
  };
  return (
    <>
      <PageHeader title={t('headquarters:editTitle', { name })} />
      <HeadquarterForm
        key={version}
        initialValues={{ code, name, country, state, address: address ?? '', active }}
        onSubmit={save}
        saving={update.isPending}
      />
    </>
  );
}

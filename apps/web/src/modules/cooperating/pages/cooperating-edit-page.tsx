import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/lib/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { CooperatingLinks } from '../components/cooperating-links';
import { useUpdateCooperating } from '../api/mutations';
import { useCooperating } from '../api/queries';
import { CooperatingForm, toCooperatingValues, type CooperatingValues } from '../components/cooperating-form';

/** Configuración › Cooperantes › edit (`/configuration/cooperating/edit/$id`); 409 when someone saved first. */
export function CooperatingEditPage() {
  const { t } = useTranslation('cooperating');
  const navigate = useNavigate();
  const { id } = useParams({ from: '/app/configuration/cooperating/edit/$id' });
  const cooperating = useCooperating(id);
  const update = useUpdateCooperating(id);

  if (cooperating.isPending) return <PageLoader />;
  if (cooperating.isError) return <PageError error={cooperating.error} onRetry={() => void cooperating.refetch()} />;

  const { name, version } = cooperating.data;
  const save = async (values: CooperatingValues) => {
    await update.mutateAsync({ ...values, version });
    notifySuccess(t('cooperating:updated'));
    await navigate({ to: '/configuration/cooperating/list' });
  };
  return (
    <>
      <PageHeader title={t('cooperating:editTitle', { name })} actions={<CooperatingLinks id={id} current="edit" />} />
      <CooperatingForm
        key={version}
        initialValues={toCooperatingValues(cooperating.data)}
        onSubmit={save}
        saving={update.isPending}
      />
    </>
  );
}

import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/lib/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCreateCooperating } from '../api/mutations';
import { CooperatingForm, EMPTY_COOPERATING, type CooperatingValues } from '../components/cooperating-form';

/** Configuración › Cooperantes › add (`/configuration/cooperating/add`); then on to its items. */
export function CooperatingAddPage() {
  const { t } = useTranslation('cooperating');
  const navigate = useNavigate();
  const create = useCreateCooperating();
  const save = async (values: CooperatingValues) => {
    const created = await create.mutateAsync(values);
    notifySuccess(t('cooperating:created'));
    await navigate({ to: '/configuration/cooperating/$id/items', params: { id: created.id } });
  };
  return (
    <>
      <PageHeader title={t('cooperating:addTitle')} />
      <CooperatingForm initialValues={EMPTY_COOPERATING} onSubmit={save} saving={create.isPending} />
    </>
  );
}

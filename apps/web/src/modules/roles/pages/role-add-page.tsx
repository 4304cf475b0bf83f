import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/lib/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCreateRole } from '../api/mutations';
import { RoleForm, type RoleValues } from '../components/role-form';

export function RoleAddPage() {
  const { t } = useTranslation('roles');
  const navigate = useNavigate();
  const create = useCreateRole();
  const save = async (values: RoleValues) => {
    await create.mutateAsync(values);
    notifySuccess(t('roles:created'));
    await navigate({ to: '/configuration/roles/list' });
  };
  return (
    <>
      <PageHeader title={t('roles:addTitle')} />
      <RoleForm onSubmit={save} saving={create.isPending} />
    </>
  );
}

import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/lib/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCreateUser } from '../api/mutations';
import { EMPTY_USER, UserForm, type UserValues } from '../components/user-form';

export function UserAddPage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const create = useCreateUser();
  const save = async (values: UserValues) => {
    await create.mutateAsync(values);
    notifySuccess(t('users:created'));
    await navigate({ to: '/configuration/users/list' });
  };
  return (
    <>
      <PageHeader title={t('users:addTitle')} />
      <UserForm mode="create" initialValues={EMPTY_USER} onSubmit={save} saving={create.isPending} />
    </>
  );
}

import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/lib/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { holdsEveryKey } from '@amparo/shared/grants';
import { ADMIN_ROLE_SLUG } from '@amparo/shared/modules/roles.schema';
import { useEditorKeys } from '../../../shared/hooks/use-current-user';
import { useUpdateRole } from '../api/mutations';
import { useRole } from '../api/queries';
import { RoleForm, type RoleValues } from '../components/role-form';

export function RoleEditPage() {
  const { t } = useTranslation('roles');
  const navigate = useNavigate();
  const { id } = useParams({ from: '/app/configuration/roles/edit/$id' });
  const role = useRole(id);
  const update = useUpdateRole(id);
  const held = useEditorKeys();

  if (role.isPending) return <PageLoader />;
  if (role.isError) return <PageError error={role.error} onRetry={() => void role.refetch()} />;

  const { slug, name, permissions, version } = role.data;
  const save = async (values: RoleValues) => {
    // The version read with the record: a 409 means someone saved in between.
    await update.mutateAsync({ ...values, version });
    notifySuccess(t('roles:updated'));
    await navigate({ to: '/configuration/roles/list' });
  };
  return (
    <>
      <PageHeader title={t('roles:editTitle', { name })} />
      <RoleForm
        key={version}
        initialValues={{ slug, name, permissions }}
        onSubmit={save}
        saving={update.isPending}
        // The Administrador role always holds every key; only someone holding every key edits it (issue 9 item 1).
        lockedReason={
          slug === ADMIN_ROLE_SLUG
            ? holdsEveryKey(held)
              ? t('roles:grants.adminFixed')
              : t('errors:problem.role_outranks_you')
            : undefined
        }
      />
    </>
  );
}

import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { UserItem } from '@amparo/shared/modules/users.schema';
import { ADMIN_ROLE_SLUG } from '@amparo/shared/modules/roles.schema';
import { formatDateTime } from '../../../shared/lib/format';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { PhotoUpload } from '../../../shared/ui/photo-upload';
import { UserAvatar } from '../../../shared/ui/user-avatar';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { useUpdateUser, useUploadUserPhoto } from '../api/mutations';
import { useUser } from '../api/queries';
import { EMPTY_USER, UserForm, type EmailRule, type UserValues } from '../components/user-form';
import { UnlockUserModal } from '../components/unlock-user-modal';

function toValues(user: UserItem): UserValues {
  return {
    ...EMPTY_USER,
    fullName: user.fullName,
    email: user.email,
    phone: user.phone ?? '',
    nit: user.nit ?? '',
    roleId: user.roleId,
    responsibility: user.responsibility ?? '',
    workgroup: user.workgroup ?? '',
    active: user.active,
    extraPermissions: user.extraPermissions,
  };
}

export function UserEditPage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const { id } = useParams({ from: '/app/configuration/users/edit/$id' });
  const user = useUser(id);
  const update = useUpdateUser(id);
  const photo = useUploadUserPhoto(id);
  const me = useCurrentUser();
  const [unlocking, setUnlocking] = useState(false);

  if (user.isPending) return <PageLoader />;
  if (user.isError) return <PageError error={user.error} onRetry={() => void user.refetch()} />;

  const { version } = user.data;
  const isAdministrator = me?.role?.slug === ADMIN_ROLE_SLUG;
  // Issue 23 item 1: the server decides; the form only shows who may change the address.
  const emailRule: EmailRule =
    user.data.lastLoginAt === null ? 'correction' : isAdministrator ? 'administrator' : 'owner';
  const save = async ({ username: _username, password: _password, ...values }: UserValues) => {
    await update.mutateAsync({ ...values, version });
    notifySuccess(t('users:updated'));
    await navigate({ to: '/configuration/users/list' });
  };
  const uploadPhoto = (file: File) =>
    photo.mutateAsync(file, {
      onSuccess: () => notifySuccess(t('common:photo.uploaded')),
      onError: (error) => notifyError(applyServerErrors(error, t)),
    });

  return (
    <>
      <PageHeader title={t('users:editTitle', { name: user.data.fullName })} description={user.data.username} />
      <Stack>
        {user.data.lockedUntil && (
          <Alert color="red" title={t('users:lock.title')} role="status">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('users:lock.message', { until: formatDateTime(user.data.lockedUntil) })}</Text>
              {isAdministrator ? (
                <Button size="xs" variant="default" onClick={() => setUnlocking(true)}>
                  {t('users:lock.unlock')}
                </Button>
              ) : (
                <Text size="sm">{t('users:lock.adminOnly')}</Text>
              )}
            </Stack>
            <UnlockUserModal userId={id} version={version} opened={unlocking} onClose={() => setUnlocking(false)} />
          </Alert>
        )}
        <Paper withBorder p="lg">
          <Title order={2} size="h4" mb="sm">
            {t('common:photo.label')}
          </Title>
          <Group align="flex-end">
            <UserAvatar user={user.data} size={80} radius={80} />
            <PhotoUpload onUpload={uploadPhoto} loading={photo.isPending} />
          </Group>
        </Paper>
        {/* Remounted on each new version (a photo upload bumps it) so a save never sends a stale one. */}
        <UserForm
          key={version}
          mode="edit"
          initialValues={toValues(user.data)}
          onSubmit={save}
          saving={update.isPending}
          self={me?.id === id}
          emailRule={emailRule}
        />
      </Stack>
    </>
  );
}

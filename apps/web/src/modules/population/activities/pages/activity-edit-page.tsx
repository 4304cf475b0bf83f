import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../../shared/lib/notify';
import { PageError, PageLoader } from '../../../../shared/ui/page-state';
import { useUpdateActivity } from '../api/mutations';
import { useActivity } from '../api/queries';
import { ActivityForm } from '../components/activity-form';
import { ActivityPageHeader } from '../components/activity-page-header';
import { isVersionConflict, renameFieldErrors } from '../../shared/lib/case-file-utils';

/** Population › Group activities › edit/{id}: sends `version`; a 409 offers to reload. */
export function ActivityEditPage() {
  const { t } = useTranslation('activities');
  const navigate = useNavigate();
  const { id } = useParams({ from: '/app/population/activities/edit/$id' });
  const activity = useActivity(id);
  const update = useUpdateActivity(id);
  const [conflict, setConflict] = useState(false);

  if (activity.isPending) return <PageLoader />;
  if (activity.isError) {
    return (
      <Stack gap="md">
        <ActivityPageHeader title={t('form.title_edit')} />
        <PageError error={activity.error} onRetry={() => void activity.refetch()} />
      </Stack>
    );
  }
  const a = activity.data;
  const reload = async () => {
    await activity.refetch();
    setConflict(false);
  };
  const toView = () => void navigate({ to: '/population/activities/view/$id', params: { id } });
  if (!a.canEdit) {
    return (
      <Stack gap="md">
        <ActivityPageHeader title={t('form.title_edit_name', { name: a.name })} />
        <Alert color="gray" data-testid="activity-read-only">
          {t('view.read_only')}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <ActivityPageHeader title={t('form.title_edit_name', { name: a.name })} />
      <ActivityForm
        // A new version (after a reload) starts the form again from the saved data.
        key={a.version}
        activity={a}
        submitting={update.isPending}
        onCancel={toView}
        notice={
          conflict && (
            <Alert color="orange" title={t('form.conflict_title')}>
              <Group justify="space-between" wrap="wrap">
                <Text size="sm">{t('errors:problem.version_conflict')}</Text>
                <Button
                  size="xs"
                  variant="light"
                  color="orange"
                  loading={activity.isFetching}
                  onClick={() => void reload()}
                >
                  {t('actions.reload')}
                </Button>
              </Group>
            </Alert>
          )
        }
        onSubmit={async (body) => {
          try {
            await update.mutateAsync({ ...body, version: 'version' in body ? body.version : a.version });
          } catch (error) {
            if (isVersionConflict(error)) {
              setConflict(true);
              return;
            }
            throw renameFieldErrors(error, (f) =>
              f === 'startsAt' ? 'startsDate' : f.startsWith('facilitatorIds.') ? 'facilitatorIds' : f,
            );
          }
          notifySuccess(t('form.saved'));
          toView();
        }}
      />
    </Stack>
  );
}

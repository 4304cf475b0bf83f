import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../../shared/lib/notify';
import { useCreateActivity, type ActivityBody } from '../api/mutations';
import { ActivityForm } from '../components/activity-form';
import { ActivityPageHeader } from '../components/activity-page-header';
import { renameFieldErrors } from '../../shared/lib/case-file-utils';

/** Population › Group activities › add: after saving, the activity's page (participants and photos are added there). */
export function ActivityAddPage() {
  const { t } = useTranslation('activities');
  const navigate = useNavigate();
  const create = useCreateActivity();
  return (
    <Stack gap="md">
      <ActivityPageHeader title={t('form.title_add')} />
      <ActivityForm
        submitting={create.isPending}
        onCancel={() => void navigate({ to: '/population/activities/list' })}
        onSubmit={async (body) => {
          let saved;
          try {
            // Without an activity the form parses with the create contract.
            saved = await create.mutateAsync(body as ActivityBody);
          } catch (error) {
            // The server judges `startsAt`: show it on the date.
            throw renameFieldErrors(error, (f) => (f === 'startsAt' ? 'startsDate' : f));
          }
          notifySuccess(t('form.created'));
          void navigate({ to: '/population/activities/view/$id', params: { id: saved.id } });
        }}
      />
    </Stack>
  );
}

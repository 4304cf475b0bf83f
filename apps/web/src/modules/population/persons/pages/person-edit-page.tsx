import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/lib/api';
import { applyServerErrors } from '../../../../shared/lib/server-errors';
import { useUpdatePerson } from '../api/mutations';
import { usePerson, usePersonAccess } from '../api/queries';
import { PageHeader } from '../../shared/components/page-header';
import { PersonForm } from '../components/person-form';
import { PageLoader } from '../../../../shared/ui/page-state';
import { PersonLoadError } from '../../shared/components/person-status';

/** Population › Served › edit/{id}: needs write access to the person. */
export function PersonEditPage() {
  const { t } = useTranslation('population');
  const navigate = useNavigate();
  const { id } = useParams({ from: '/app/population/served/edit/$id' });
  const access = usePersonAccess(id);
  const canWrite = access.data?.canWrite === true;
  const person = usePerson(id, canWrite);
  const update = useUpdatePerson(id);
  const [conflict, setConflict] = useState(false);

  if (access.isPending) return <PageLoader />;
  if (!canWrite) {
    return (
      <Stack gap="md">
        <PageHeader title={t('form.title_edit')} />
        <Alert color="yellow">{t('errors:problem.no_person_access')}</Alert>
      </Stack>
    );
  }
  if (person.isPending) return <PageLoader />;
  if (person.isError)
    return (
      <Stack gap="md">
        <PageHeader title={t('form.title_edit')} />
        <PersonLoadError error={person.error} />
      </Stack>
    );

  const p = person.data;
  const reload = async () => {
    await person.refetch();
    setConflict(false);
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={t('form.title_edit_name', { name: `${p.names} ${p.lastNames}` })}
        badge={
          <Text ff="monospace" c="dimmed">
            {p.fileCode}
          </Text>
        }
      />
      <PersonForm
        // A new version (after a reload) starts the form again from the saved data.
        key={p.version}
        person={p}
        submitting={update.isPending}
        onCancel={() => void navigate({ to: '/population/served/$id', params: { id } })}
        notice={
          conflict && (
            <Alert color="orange" title={t('form.conflict_title')}>
              <Group justify="space-between" wrap="wrap">
                <Text size="sm">{t('errors:problem.version_conflict')}</Text>
                <Button
                  size="xs"
                  variant="light"
                  color="orange"
                  loading={person.isFetching}
                  onClick={() => void reload()}
                >
                  {t('actions.reload')}
                </Button>
              </Group>
            </Alert>
          )
        }
        onSubmit={(values, form) =>
          update.mutate(
            { ...values, version: values.version ?? p.version },
            {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('form.saved') });
                void navigate({ to: '/population/served/$id', params: { id } });
              },
              onError: (err) => {
                if (err instanceof ApiError && err.status === 409 && err.code === 'version_conflict') {
                  setConflict(true);
                  return;
                }
                notifications.show({ color: 'red', message: applyServerErrors(err, t, form.setErrors) });
              },
            },
          )
        }
      />
    </Stack>
  );
}

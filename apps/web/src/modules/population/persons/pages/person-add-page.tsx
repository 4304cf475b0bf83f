import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../../shared/lib/server-errors';
import { useCreatePerson } from '../api/mutations';
import { PageHeader } from '../../shared/components/page-header';
import { PersonForm } from '../components/person-form';

/** Population › Served › add. */
export function PersonAddPage() {
  const { t } = useTranslation('population');
  const navigate = useNavigate();
  const create = useCreatePerson();

  return (
    <Stack gap="md">
      <PageHeader title={t('form.title_add')} />
      <PersonForm
        submitting={create.isPending}
        onCancel={() => void navigate({ to: '/population/served/list' })}
        onSubmit={(values, form) =>
          create.mutate(values, {
            onSuccess: (person) => {
              notifications.show({ color: 'teal', message: t('form.created', { fileCode: person.fileCode }) });
              void navigate({ to: '/population/served/$id', params: { id: person.id } });
            },
            onError: (err) => notifications.show({ color: 'red', message: applyServerErrors(err, t, form.setErrors) }),
          })
        }
      />
    </Stack>
  );
}

import { useState } from 'react';
import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Textarea, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { todayInGuatemala } from '@amparo/shared/format';
import { grantInput } from '@amparo/shared/modules/population.schema';
import { useZodForm } from '../../../../shared/hooks/use-zod-form';
import { notifySuccess } from '../../../../shared/lib/notify';
import { useCreateGrant, type GrantInput } from '../api/mutations';
import { UserPicker } from '../../shared/components/user-picker';

type GrantFormValues = Omit<GrantInput, 'userId'> & { userId: string | null };

const initialValues: GrantFormValues = {
  userId: null,
  canRead: true,
  canWrite: false,
  administrator: false,
  reason: '',
  expiresOn: null,
};

/** Gives a user read / write / administrator access to this person, optionally until a date. */
export function GrantForm({ personId }: { personId: string }) {
  const { t } = useTranslation('population');
  const create = useCreateGrant(personId);
  // Remounts the user picker after a grant, so its search text is cleared too.
  const [round, setRound] = useState(0);
  const { form, submitWith } = useZodForm<GrantFormValues, GrantInput>(grantInput, initialValues, {
    transformValues: (values) => grantInput.parse(values),
  });

  const submit = submitWith(async (body) => {
    await create.mutateAsync(body);
    form.reset();
    setRound((r) => r + 1);
    notifySuccess(t('access.granted_ok'));
  });

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h5">
            {t('access.grant_title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <UserPicker key={round} label={t('access.user')} withAsterisk {...form.getInputProps('userId')} />
            <DateInput
              label={t('access.expiresOn')}
              description={t('access.expires_help')}
              valueFormat="YYYY-MM-DD"
              placeholder={t('common.date_placeholder')}
              minDate={todayInGuatemala()}
              clearable
              {...form.getInputProps('expiresOn')}
            />
          </SimpleGrid>
          <Group gap="lg">
            <Checkbox label={t('access.canRead')} {...form.getInputProps('canRead', { type: 'checkbox' })} />
            <Checkbox label={t('access.canWrite')} {...form.getInputProps('canWrite', { type: 'checkbox' })} />
            <Checkbox
              label={t('access.administrator')}
              {...form.getInputProps('administrator', { type: 'checkbox' })}
            />
          </Group>
          <Textarea
            label={t('access.reason')}
            withAsterisk
            autosize
            minRows={2}
            maxLength={500}
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              {t('access.grant')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

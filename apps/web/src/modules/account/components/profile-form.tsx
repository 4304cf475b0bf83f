import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { updateProfileBody, type UserProfile } from '@amparo/shared/modules/auth.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { notifySuccess } from '../../../shared/lib/notify';
import { useUpdateProfile } from '../api/mutations';

/** Spec section 5: full name, phone and NIT are required. */
export function ProfileForm({ user }: { user: UserProfile }) {
  const { t } = useTranslation('account');
  const update = useUpdateProfile();
  const { form, submitWith } = useZodForm(updateProfileBody, {
    fullName: user.fullName,
    phone: user.phone ?? '',
    nit: user.nit ?? '',
    version: user.version,
  });

  const submit = submitWith(async (values) => {
    await update.mutateAsync(values);
    notifySuccess(t('account:profile.saved'));
  });

  return (
    <Paper withBorder p="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {t('account:profile.title')}
          </Title>
          <TextInput
            label={t('account:fields.fullName')}
            autoComplete="name"
            withAsterisk
            {...form.getInputProps('fullName')}
          />
          <TextInput
            label={t('account:fields.phone')}
            type="tel"
            autoComplete="tel"
            withAsterisk
            {...form.getInputProps('phone')}
          />
          <TextInput label={t('account:fields.nit')} withAsterisk {...form.getInputProps('nit')} />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('account:profile.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

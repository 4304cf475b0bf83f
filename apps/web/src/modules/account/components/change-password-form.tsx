import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changePasswordBody } from '@amparo/shared/modules/auth.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { notifySuccess } from '../../../shared/lib/notify';
import { PasswordStrength } from '../../../shared/ui/password-strength';
import { useChangePassword } from '../api/mutations';
import { PasswordField } from '../../../shared/ui/password-field';

export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const { form, submitWith } = useZodForm(
    changePasswordBody,
    { currentPassword: '', newPassword: '', confirmation: '' },
    // 'The current password is wrong' belongs beside that field (spec section 8).
    { problemFields: { current_password_wrong: 'currentPassword' } },
  );

  const submit = submitWith(async (values) => {
    await change.mutateAsync(values);
    form.reset();
    notifySuccess(t('account:password.changed'));
  });

  return (
    <Paper withBorder p="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {t('account:password.title')}
          </Title>
          <PasswordField
            label={t('account:password.current')}
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('currentPassword')}
          />
          <PasswordField
            label={t('account:password.new')}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('newPassword')}
          />
          <PasswordStrength value={form.values.newPassword} />
          <PasswordField
            label={t('account:password.confirmation')}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirmation')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {t('account:password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

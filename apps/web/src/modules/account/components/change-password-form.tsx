import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { changePasswordBody } from '@amparo/shared/modules/auth.schema';
import { ApiError } from '../../../shared/lib/api';
import { zodValidate } from '../../../shared/lib/form';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { PasswordStrength } from '../../../shared/ui/password-strength';
import { useChangePassword } from '../api/mutations';
import { PasswordField } from '../../../shared/ui/password-field';

export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmation: '' },
    validate: zodValidate(changePasswordBody, t),
    validateInputOnBlur: true,
    validateInputOnChange: true,
  });

  const submit = form.onSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        notifySuccess(t('account:password.changed'));
      },
      onError: (error) => {
        const message = applyServerErrors(error, t, form.setErrors);
        // 'The current password is wrong' belongs beside that field (spec section 8).
        if (error instanceof ApiError && error.code === 'current_password_wrong')
          form.setFieldError('currentPassword', message);
        notifyError(message);
      },
    }),
  );

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

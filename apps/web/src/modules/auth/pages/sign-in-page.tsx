import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { loginBody } from '@amparo/shared/modules/auth.schema';
import { applyServerErrors, zodValidate } from '../../../shared/lib/form';
import { useLogin } from '../api/mutations';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';

/** Only same-site paths are followed after sign-in (no open redirect). */
function safeRedirect(target: string | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/sign-in'))
    return '/dashboard';
  return target;
}

export function SignInPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { redirect } = useSearch({ from: '/public/sign-in' });
  const login = useLogin();
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: zodValidate(loginBody, t),
    validateInputOnBlur: true,
    validateInputOnChange: true,
  });

  const submit = form.onSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => void navigate({ href: safeRedirect(redirect), replace: true }),
      onError: (error) => applyServerErrors(error, t, form.setErrors),
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <div>
          <Title order={2} size="h3">
            {t('auth:signIn.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('auth:signIn.subtitle')}
          </Text>
        </div>
        {login.error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {applyServerErrors(login.error, t)}
          </Alert>
        )}
        <TextInput label={t('auth:signIn.username')} autoComplete="username" {...form.getInputProps('username')} />
        <PasswordInput
          label={t('auth:signIn.password')}
          autoComplete="current-password"
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={login.isPending} fullWidth>
          {t('auth:signIn.submit')}
        </Button>
        <Group justify="space-between">
          <AnchorLink to="/forgot-password" size="sm">
            {t('auth:signIn.forgot')}
          </AnchorLink>
          <AnchorLink to="/register" size="sm">
            {t('auth:signIn.register')}
          </AnchorLink>
        </Group>
      </Stack>
    </form>
  );
}

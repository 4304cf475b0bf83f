import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { useLogin } from '../api/mutations';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';
import { PasswordField } from '../../../shared/ui/password-field';

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
  // Two fields and one rule each (filled in) checked here; everything else about a sign-in (lengths, the
  // credentials) is the server's answer, shown beside the fields. The form carries no zod and no form library:
  // this is the first page most users load, on rural links (issue 11 item 8).
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({});
  // As the contract (loginBody): the username is trimmed, a password is taken as typed.
  const required = (name: keyof typeof values, value: string) =>
    (name === 'username' ? value.trim() : value) === '' ? t('errors:field.required') : undefined;
  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      if (errors[name]) setErrors((er) => ({ ...er, [name]: required(name, value) }));
    },
    onBlur: () => setErrors((er) => ({ ...er, [name]: required(name, values[name]) })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { username: required('username', values.username), password: required('password', values.password) };
    setErrors(found);
    // The first empty field gets the focus from installErrorFocus, as in every form.
    if (found.username || found.password) return;
    login.mutate(values, {
      onSuccess: () => void navigate({ href: safeRedirect(redirect), replace: true }),
      onError: (error) => applyServerErrors(error, t, setErrors),
    });
  };

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
        <TextInput label={t('auth:signIn.username')} autoComplete="username" {...field('username')} />
        <PasswordField label={t('auth:signIn.password')} autoComplete="current-password" {...field('password')} />
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

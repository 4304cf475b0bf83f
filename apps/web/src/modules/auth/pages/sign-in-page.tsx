import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/lib/api';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { PasswordField } from '../../../shared/ui/password-field';

/**
 * Only same-site paths are followed after sign-in (no open redirect); anything
 * else, and the sign-in page itself, goes to /dashboard.
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/sign-in'))
    return '/dashboard';
  return target;
}

/**
 * The sign-in form (spec section 2). It runs outside the app's router and
 * TanStack Query (src/sign-in.tsx is its own page): the first page most users
 * load, on rural links, carries only React, Mantine and i18next (issue 11
 * item 8). `POST /api/login` sets the session cookie; `onSignedIn` then leaves
 * the page. Two fields and one rule each (filled in) are checked here;
 * everything else about a sign-in (lengths, the credentials, a locked account)
 * is the server's answer, shown beside the fields or above the form.
 */
export function SignInPage({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof typeof values, string>>>({});
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { username: required('username', values.username), password: required('password', values.password) };
    setErrors(found);
    // The first empty field gets the focus from installErrorFocus, as in every form.
    if (found.username || found.password || pending) return;
    setPending(true);
    setFailure(null);
    try {
      await api.post<object>('login', values, { quiet401: true });
      onSignedIn();
    } catch (error) {
      setFailure(error);
      applyServerErrors(error, t, setErrors);
      setPending(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        <div>
          <Title order={2} size="h3">
            {t('auth:signIn.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('auth:signIn.subtitle')}
          </Text>
        </div>
        {failure !== null && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {applyServerErrors(failure, t)}
          </Alert>
        )}
        <TextInput label={t('auth:signIn.username')} autoComplete="username" {...field('username')} />
        <PasswordField label={t('auth:signIn.password')} autoComplete="current-password" {...field('password')} />
        <Button type="submit" loading={pending} fullWidth>
          {t('auth:signIn.submit')}
        </Button>
        {/* Plain links: the app's pages load with the app (a full page load, its files cached for good). */}
        <Group justify="space-between">
          <Anchor href="/forgot-password" size="sm">
            {t('auth:signIn.forgot')}
          </Anchor>
          <Anchor href="/register" size="sm">
            {t('auth:signIn.register')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

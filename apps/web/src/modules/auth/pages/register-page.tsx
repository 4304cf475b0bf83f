import { useState, type FocusEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { registerBody } from '@amparo/shared/modules/auth.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { applyServerErrors, translateFieldError } from '../../../shared/lib/server-errors';
import { formatDate } from '../../../shared/lib/format';
import { PasswordStrength } from '../../../shared/ui/password-strength';
import { PageLoader } from '../../../shared/ui/page-state';
import { useRegister } from '../api/mutations';
import { getUsernameAvailableQueryOptions, useInvitation } from '../api/queries';
import { PasswordField } from '../../../shared/ui/password-field';

/** /register and /register/$id: sign-up is by invitation only (registerBody needs its id). */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  // One page for /register and /register/$id: the invitation id is there or not.
  const { id } = useParams({ strict: false });
  return (
    <Stack>
      <div>
        <Title order={2} size="h3">
          {t('auth:register.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('auth:register.subtitle')}
        </Text>
      </div>
      {id ? <InvitationRegister id={id} /> : <InvitationCodeForm />}
      <Anchor href="/sign-in" size="sm">
        {t('auth:backToSignIn')}
      </Anchor>
    </Stack>
  );
}

// The contract's own field; `.pick` is refused on schemas with refinements.
const invitationCode = z.object({ invitationId: registerBody.shape.invitationId });

function InvitationCodeForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { form, submitWith } = useZodForm(invitationCode, { invitationId: '' });
  const submit = submitWith(({ invitationId }) =>
    navigate({ to: '/register/$id', params: { id: invitationId.trim() } }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Alert color="blue">{t('auth:register.noInvitation')}</Alert>
        <TextInput label={t('auth:register.invitationCode')} withAsterisk {...form.getInputProps('invitationId')} />
        <Button type="submit" fullWidth>
          {t('auth:register.continue')}
        </Button>
      </Stack>
    </form>
  );
}

function InvitationRegister({ id }: { id: string }) {
  const { t } = useTranslation('auth');
  const invitation = useInvitation(id);
  if (invitation.isPending) return <PageLoader />;
  if (invitation.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {applyServerErrors(invitation.error, t)}
      </Alert>
    );
  }
  return (
    <>
      <Alert color="blue">
        <Text size="sm">{t('auth:register.invitedAs', { email: invitation.data.email })}</Text>
        {invitation.data.roleName && (
          <Text size="sm">{t('auth:register.role', { role: invitation.data.roleName })}</Text>
        )}
        <Text size="sm">{t('auth:register.expires', { date: formatDate(invitation.data.expiresAt) })}</Text>
      </Alert>
      <RegisterForm invitationId={id} email={invitation.data.email} />
    </>
  );
}

function RegisterForm({ invitationId, email }: { invitationId: string; email: string }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const register = useRegister();
  const [availableName, setAvailableName] = useState<string | null>(null);
  const { form, submitWith } = useZodForm(registerBody, {
    invitationId,
    email,
    username: '',
    fullName: '',
    password: '',
    confirmation: '',
  });

  const usernameProps = form.getInputProps('username');
  // Availability is asked on blur, once the name itself is valid (spec section 5).
  const checkUsername = async (event: FocusEvent<HTMLInputElement>) => {
    usernameProps.onBlur?.(event);
    setAvailableName(null);
    if (form.validateField('username').hasError) return;
    const username = form.getValues().username.trim().toLowerCase();
    try {
      const { available } = await queryClient.fetchQuery(getUsernameAvailableQueryOptions(username));
      if (available) setAvailableName(username);
      else form.setFieldError('username', translateFieldError(t, { code: 'username_taken' }));
    } catch {
      // The server checks again on submit; a failed look-up must not block the form.
    }
  };

  // The problem shows in the alert above the fields (`register.error`), not in a notification.
  const submit = submitWith((values) => register.mutateAsync(values), { onError: () => undefined });

  if (register.isSuccess) {
    return (
      <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
        {t('auth:register.done')}
      </Alert>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {register.error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {applyServerErrors(register.error, t)}
          </Alert>
        )}
        <TextInput label={t('auth:register.email')} readOnly {...form.getInputProps('email')} />
        <TextInput
          label={t('auth:register.username')}
          autoComplete="username"
          withAsterisk
          {...usernameProps}
          onBlur={checkUsername}
          description={
            availableName && availableName === form.values.username.trim().toLowerCase()
              ? t('auth:register.usernameAvailable')
              : undefined
          }
        />
        <TextInput
          label={t('auth:register.fullName')}
          autoComplete="name"
          withAsterisk
          {...form.getInputProps('fullName')}
        />
        <PasswordField
          label={t('auth:register.password')}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <PasswordStrength value={form.values.password} />
        <PasswordField
          label={t('auth:register.confirmation')}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('confirmation')}
        />
        <Button type="submit" loading={register.isPending} fullWidth>
          {t('auth:register.submit')}
        </Button>
      </Stack>
    </form>
  );
}

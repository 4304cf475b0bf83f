import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { resetBody } from '@amparo/shared/modules/auth.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { PasswordStrength } from '../../../shared/ui/password-strength';
import { useResetPassword } from '../api/mutations';
import { useResetTokenCheck } from '../api/queries';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';
import { PasswordField } from '../../../shared/ui/password-field';

export function PasswordResetPage() {
  const { t } = useTranslation('auth');
  const { token } = useParams({ from: '/public/password-reset/$token' });
  const reset = useResetPassword();
  const check = useResetTokenCheck(token);
  const { form, submitWith } = useZodForm(resetBody, { token, password: '', confirmation: '' });
  // The problem shows in the alert above the fields (`reset.error`), not in a notification.
  const submit = submitWith((values) => reset.mutateAsync(values), { onError: () => undefined });

  return (
    <Stack>
      <div>
        <Title order={2} size="h3">
          {t('auth:reset.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('auth:reset.subtitle')}
        </Text>
      </div>
      {reset.isSuccess ? (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} role="status">
          {t('auth:reset.done')}
        </Alert>
      ) : check.isError ? (
        // Said when the page opens, not after a new password was typed for nothing.
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          <Stack gap="xs">
            <Text size="sm">{applyServerErrors(check.error, t)}</Text>
            <AnchorLink to="/forgot-password" size="sm">
              {t('auth:reset.askAgain')}
            </AnchorLink>
          </Stack>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {(reset.error || form.errors.token) && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {reset.error ? applyServerErrors(reset.error, t) : t('errors:problem.invalid_token')}
              </Alert>
            )}
            <PasswordField
              label={t('auth:reset.password')}
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('password')}
            />
            <PasswordStrength value={form.values.password} />
            <PasswordField
              label={t('auth:reset.confirmation')}
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps('confirmation')}
            />
            <Button type="submit" loading={reset.isPending} fullWidth>
              {t('auth:reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor href="/sign-in" size="sm">
        {t('auth:backToSignIn')}
      </Anchor>
    </Stack>
  );
}

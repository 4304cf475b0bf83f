import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { forgotBody } from '@amparo/shared/modules/auth.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { useForgotPassword } from '../api/mutations';

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const forgot = useForgotPassword();
  const { form, submitWith } = useZodForm(forgotBody, { email: '' });
  const submit = submitWith((values) => forgot.mutateAsync(values));

  return (
    <Stack>
      <div>
        <Title order={2} size="h3">
          {t('auth:forgot.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('auth:forgot.subtitle')}
        </Text>
      </div>
      {forgot.isSuccess ? (
        // The server answers the same whether or not the account exists.
        <Alert color="teal" icon={<IconMailCheck size={18} />} role="status">
          {t('auth:forgot.sent')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t('auth:forgot.email')}
              type="email"
              autoComplete="email"
              withAsterisk
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={forgot.isPending} fullWidth>
              {t('auth:forgot.submit')}
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

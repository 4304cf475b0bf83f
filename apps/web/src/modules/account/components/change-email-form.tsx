import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { emailChangeBody } from '@amparo/shared/modules/auth.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { useRequestEmailChange } from '../api/mutations';
import { PasswordField } from '../../../shared/ui/password-field';

/**
 * Own e-mail change (issue 9 item 1): the current password, then a link to the
 * new address; nothing changes until that link is opened.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation('account');
  const request = useRequestEmailChange();
  const { form, submitWith } = useZodForm(
    emailChangeBody,
    { newEmail: '', currentPassword: '' },
    { problemFields: { current_password_wrong: 'currentPassword' } },
  );

  const submit = submitWith(async (values) => {
    await request.mutateAsync(values);
    form.reset();
  });

  return (
    <Paper withBorder p="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <div>
            <Title order={2} size="h4">
              {t('account:email.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('account:email.current', { email: currentEmail })}
            </Text>
          </div>
          {request.isSuccess && (
            <Alert color="teal" icon={<IconMailForward size={18} />} role="status">
              {t('account:email.sent', { email: request.data.pendingEmail })}
            </Alert>
          )}
          <TextInput
            label={t('account:email.new')}
            type="email"
            autoComplete="email"
            withAsterisk
            description={t('account:email.hint')}
            {...form.getInputProps('newEmail')}
          />
          <PasswordField
            label={t('account:password.current')}
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('currentPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={request.isPending}>
              {t('account:email.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

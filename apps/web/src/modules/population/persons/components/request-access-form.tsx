import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { accessRequestInput } from '@amparo/shared/modules/population.schema';
import { useZodForm } from '../../../../shared/hooks/use-zod-form';
import { useRequestAccess } from '../api/mutations';

/**
 * What a user without read access sees: the spec's 'No permission to view
 * this profile' and a request an administrator of the person can approve.
 */
export function RequestAccessForm({ personId }: { personId: string }) {
  const { t } = useTranslation('population');
  const request = useRequestAccess(personId);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { form, submitWith } = useZodForm(
    accessRequestInput,
    { reason: '', canWrite: false },
    { transformValues: (values) => accessRequestInput.parse(values) },
  );

  const submit = submitWith(
    async (body) => {
      setError(null);
      await request.mutateAsync(body);
      setSent(true);
    },
    // The problem shows in an alert beside the button, not in a notification.
    { onError: (message) => setError(message) },
  );

  return (
    <Stack gap="md" maw={640}>
      <Alert color="yellow" icon={<IconLock size={18} />} title={t('errors:problem.no_person_access')}>
        {t('request_access.explain')}
      </Alert>
      {sent ? (
        <Alert color="teal">{t('request_access.sent')}</Alert>
      ) : (
        <Paper withBorder p="md">
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <Title order={2} size="h5">
                {t('request_access.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('request_access.help')}
              </Text>
              <Textarea
                label={t('request_access.reason')}
                withAsterisk
                autosize
                minRows={3}
                maxLength={500}
                {...form.getInputProps('reason')}
              />
              <Checkbox
                label={t('request_access.also_write')}
                {...form.getInputProps('canWrite', { type: 'checkbox' })}
              />
              {error && <Alert color="red">{error}</Alert>}
              <Group justify="flex-end">
                <Button type="submit" loading={request.isPending}>
                  {t('request_access.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}

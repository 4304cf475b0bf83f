import { Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EMAIL_CHOICES, type EmailChoice } from '@amparo/shared/modules/notifications.schema';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { useNotificationPreferences, useSetNotificationPreferences } from '../api/queries';

/** Which notifications reach the user by e-mail: at once, in the 07:00 digest, or not at all (per kind). */
export function EmailPreferences() {
  const { t } = useTranslation('notifications');
  const prefs = useNotificationPreferences();
  const save = useSetNotificationPreferences();
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('email.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('email.help')}
        </Text>
        {prefs.data?.preferences.map((p) => (
          <Select
            key={p.kind}
            label={t(`kindNames.${p.kind}`)}
            value={p.email}
            allowDeselect={false}
            maw={420}
            data={EMAIL_CHOICES.map((c) => ({ value: c, label: t(`email.choices.${c}`) }))}
            onChange={(value) =>
              value &&
              save.mutate(
                { preferences: [{ kind: p.kind, email: value as EmailChoice }] },
                {
                  onSuccess: () => notifySuccess(t('email.saved')),
                  onError: (e) => notifyError(applyServerErrors(e, t)),
                },
              )
            }
          />
        ))}
      </Stack>
    </Paper>
  );
}

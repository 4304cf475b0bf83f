import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { supportSettings, type SupportSettings } from '@amparo/shared/modules/support.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { notifySuccess } from '../../../shared/lib/notify';
import { Grid } from '../../../shared/ui/grid';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { useSaveSupportSettings } from '../api/mutations';
import { useSupportSettings } from '../api/queries';

type SettingsValues = SupportSettings & Record<string, unknown>;

/** The targets per priority (working hours) and the auto-close delay (working days); tickets raised from now on. */
function SettingsForm({ initial }: { initial: SupportSettings }) {
  const { t } = useTranslation('support');
  const save = useSaveSupportSettings();
  const { form, submitWith } = useZodForm<SettingsValues>(supportSettings, initial as SettingsValues);
  const submit = submitWith(async (values) => {
    await save.mutateAsync({ targets: values.targets, autoCloseDays: values.autoCloseDays });
    notifySuccess(t('messages.settingsSaved'));
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('settingsTitle')}>
      <Stack>
        <Paper withBorder p="lg">
          <Title order={2} size="h4" mb="xs">
            {t('settings.targets')}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t('settings.targetsHelp')}
          </Text>
          <Grid
            label={t('settings.targets')}
            rows={form.values.targets}
            rowKey={(target) => target.priority}
            minWidth={560}
            verticalSpacing="sm"
            rowHeader={{ header: t('fields.priority'), cell: (target) => t(`level.${target.priority}`) }}
            columns={[
              {
                id: 'responseHours',
                header: t('settings.responseHours'),
                cell: (target, i) => (
                  <NumberInput
                    aria-label={t('settings.responseFor', { priority: t(`level.${target.priority}`) })}
                    min={1}
                    max={2000}
                    allowDecimal={false}
                    allowNegative={false}
                    w={140}
                    {...form.getInputProps(`targets.${i}.responseHours`)}
                  />
                ),
              },
              {
                id: 'resolutionHours',
                header: t('settings.resolutionHours'),
                cell: (target, i) => (
                  <NumberInput
                    aria-label={t('settings.resolutionFor', { priority: t(`level.${target.priority}`) })}
                    min={1}
                    max={2000}
                    allowDecimal={false}
                    allowNegative={false}
                    w={140}
                    {...form.getInputProps(`targets.${i}.resolutionHours`)}
                  />
                ),
              },
            ]}
          />
        </Paper>
        <Paper withBorder p="lg">
          <Title order={2} size="h4" mb="md">
            {t('settings.autoClose')}
          </Title>
          <NumberInput
            label={t('settings.autoCloseDays')}
            description={t('settings.autoCloseHint')}
            withAsterisk
            min={1}
            max={60}
            allowDecimal={false}
            allowNegative={false}
            w={320}
            {...form.getInputProps('autoCloseDays')}
          />
        </Paper>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Soporte › Configuración (soporte_gestion). */
export function SettingsPage() {
  const { t } = useTranslation('support');
  const query = useSupportSettings();
  return (
    <>
      <PageHeader title={t('settingsTitle')} description={t('settings.help')} />
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <PageError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <SettingsForm initial={query.data} />
      )}
    </>
  );
}

import { useState } from 'react';
import { Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { todayInGuatemala } from '@amparo/shared/format';
import { accessDecision } from '@amparo/shared/modules/population.schema';
import { useZodForm } from '../../../../shared/hooks/use-zod-form';
import { formatDateTime } from '../../../../shared/lib/format';
import { notifySuccess } from '../../../../shared/lib/notify';
import { useDecideAccessRequest } from '../api/mutations';
import type { AccessRequest } from '../api/queries';

/** Pending requests to see (or also edit) the person, with approve / deny. */
export function AccessRequests({ personId, requests }: { personId: string; requests: AccessRequest[] }) {
  const { t } = useTranslation('population');
  const [deciding, setDeciding] = useState<{ request: AccessRequest; approve: boolean } | null>(null);
  const pending = requests.filter((r) => r.status === 'pending');

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('requests.title')}
        </Title>
        {pending.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('empty.requests')}
          </Text>
        )}
        {pending.map((r) => (
          <Paper key={r.id} withBorder p="sm" bg="var(--mantine-color-default-hover)">
            <Group justify="space-between" align="flex-start" wrap="wrap">
              <Stack gap={2} style={{ flex: 1, minWidth: 240 }}>
                <Text fw={500} size="sm">
                  {r.userName}
                  <Text span size="xs" c="dimmed">
                    {' '}
                    · {formatDateTime(r.createdAt)}
                  </Text>
                </Text>
                <Text size="sm">{r.canWrite ? t('requests.wants_write') : t('requests.wants_read')}</Text>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                  {r.reason}
                </Text>
              </Stack>
              <Group gap="xs">
                <Button size="xs" color="teal" onClick={() => setDeciding({ request: r, approve: true })}>
                  {t('requests.approve')}
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => setDeciding({ request: r, approve: false })}
                >
                  {t('requests.deny')}
                </Button>
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Modal
        opened={!!deciding}
        onClose={() => setDeciding(null)}
        title={deciding?.approve ? t('requests.approve_title') : t('requests.deny_title')}
        centered
      >
        {deciding && (
          <DecisionForm
            personId={personId}
            request={deciding.request}
            approve={deciding.approve}
            onDone={() => setDeciding(null)}
          />
        )}
      </Modal>
    </Paper>
  );
}

function DecisionForm({
  personId,
  request,
  approve,
  onDone,
}: {
  personId: string;
  request: AccessRequest;
  approve: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('population');
  const decide = useDecideAccessRequest(personId);
  const { form, submitWith } = useZodForm(
    accessDecision,
    { approve, note: '', expiresOn: null },
    { transformValues: (values) => accessDecision.parse(values) },
  );
  const submit = submitWith(async (body) => {
    await decide.mutateAsync({ ...body, requestId: request.id });
    notifySuccess(approve ? t('requests.approved') : t('requests.denied'));
    onDone();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">{t(approve ? 'requests.approve_text' : 'requests.deny_text', { name: request.userName })}</Text>
        {approve && (
          <DateInput
            label={t('access.expiresOn')}
            description={t('access.expires_help')}
            valueFormat="YYYY-MM-DD"
            placeholder={t('common.date_placeholder')}
            minDate={todayInGuatemala()}
            clearable
            {...form.getInputProps('expiresOn')}
          />
        )}
        <Textarea label={t('requests.note')} autosize minRows={2} maxLength={500} {...form.getInputProps('note')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={decide.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" color={approve ? 'teal' : 'red'} loading={decide.isPending}>
            {approve ? t('requests.approve') : t('requests.deny')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { useState } from 'react';
import { Alert, Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { useCatalog } from '../../../../shared/hooks/use-catalog';
import { applyServerErrors } from '../../../../shared/lib/server-errors';
import { EMPTY } from '../../../../shared/lib/format';
import { notifyError, notifySuccess } from '../../../../shared/lib/notify';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog';
import { PageError, PageLoader } from '../../../../shared/ui/page-state';
import { useDeleteActivity } from '../api/mutations';
import { useActivity, type Activity } from '../api/queries';
import { ActivityPageHeader } from '../components/activity-page-header';
import { ActivityParticipants } from '../components/activity-participants';
import { ActivityPhotos } from '../components/activity-photos';
import { formatLocalDateTime } from '../../../../shared/lib/format';
import { ButtonLink } from '../../../../shared/ui/router-links/button-link';
import { DataTable } from '../../../../shared/ui/data-table/data-table';
import { PlanningLineText } from '../../shared/components/planning-line-select';
import { yearOfDate } from '../../shared/api/planning-lines';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      {/* A long word (a link in the place or the description) breaks instead of widening the page. */}
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function ActivityDetails({ activity: a }: { activity: Activity }) {
  const { t } = useTranslation('activities');
  const types = useCatalog('activity_type');
  const thematic = useCatalog('thematic');
  const sexes = useCatalog('sex');
  const ageGroups = useCatalog('age_group');
  const unregisteredTotal = a.unregistered.reduce((sum, u) => sum + u.count, 0);
  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <Field label={t('fields.startsAt')}>{formatLocalDateTime(a.startsAt)}</Field>
          <Field label={t('fields.activityType')}>{types.labelOf(a.activityType) ?? EMPTY}</Field>
          <Field label={t('fields.headquarter')}>{a.headquarterName ?? EMPTY}</Field>
          <Field label={t('fields.state')}>{a.stateName ?? EMPTY}</Field>
          <Field label={t('fields.town')}>{a.townName ?? EMPTY}</Field>
          <Field label={t('fields.place')}>{a.place ?? EMPTY}</Field>
          <Field label={t('fields.facilitators')}>{a.facilitators.map((f) => f.fullName).join(', ') || EMPTY}</Field>
          <Field label={t('fields.thematic')}>
            {a.thematic.length ? (
              <Group gap={4}>
                {a.thematic.map((c) => (
                  <Badge key={c} variant="light" size="sm">
                    {thematic.labelOf(c)}
                  </Badge>
                ))}
              </Group>
            ) : (
              EMPTY
            )}
          </Field>
          <Field label={t('columns.participants')}>{a.participantCount}</Field>
          <Field label={t('population:planningLine.label')}>
            <PlanningLineText lineId={a.planningLineId} year={yearOfDate(a.startsAt)} />
          </Field>
        </SimpleGrid>
        <Field label={t('fields.description')}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{a.description ?? EMPTY}</span>
        </Field>
        <div>
          <Title order={2} size="h5" mb={4}>
            {t('fields.unregistered')}
          </Title>
          {a.unregistered.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('view.no_unregistered')}
            </Text>
          ) : (
            <Box maw={560}>
              <DataTable
                label={t('fields.unregistered')}
                columns={[
                  { id: 'sex', header: t('fields.sex'), text: (u) => sexes.labelOf(u.sex) },
                  { id: 'ageGroup', header: t('fields.ageGroup'), text: (u) => ageGroups.labelOf(u.ageGroup) },
                  { id: 'count', header: t('fields.count'), text: (u) => u.count, align: 'right', width: 90 },
                ]}
                rows={a.unregistered}
                rowKey={(u) => `${u.sex}/${u.ageGroup}`}
                minWidth={0}
                summary={[t('view.total'), '', unregisteredTotal]}
              />
            </Box>
          )}
        </div>
      </Stack>
    </Paper>
  );
}

/** Population › Group activities › view/{id}: details, participants and photos. */
export function ActivityViewPage() {
  const { t } = useTranslation('activities');
  const navigate = useNavigate();
  const { id } = useParams({ from: '/app/population/activities/view/$id' });
  const activity = useActivity(id);
  const remove = useDeleteActivity();
  const [confirming, setConfirming] = useState(false);

  if (activity.isPending) return <PageLoader />;
  if (activity.isError) {
    return (
      <Stack gap="md">
        <ActivityPageHeader title={t('view.title')} />
        <PageError error={activity.error} onRetry={() => void activity.refetch()} />
      </Stack>
    );
  }
  const a = activity.data;
  const confirmDelete = () =>
    remove.mutate(id, {
      onSuccess: () => {
        notifySuccess(t('view.deleted'));
        void navigate({ to: '/population/activities/list' });
      },
      onError: (error) => notifyError(applyServerErrors(error, t)),
      onSettled: () => setConfirming(false),
    });

  return (
    <Stack gap="md">
      <ActivityPageHeader
        title={a.name}
        // Only its creator, its facilitators and activity management change it (issue 9 item 2); the server checks too.
        actions={
          a.canEdit && (
            <>
              <ButtonLink
                to="/population/activities/edit/$id"
                params={{ id: id }}
                variant="light"
                leftSection={<IconPencil size={16} />}
              >
                {t('common:actions.edit')}
              </ButtonLink>
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={() => setConfirming(true)}
              >
                {t('common:actions.delete')}
              </Button>
            </>
          )
        }
      />
      {!a.canEdit && (
        <Alert color="gray" icon={<IconLock size={18} />} data-testid="activity-read-only">
          {t('view.read_only')}
        </Alert>
      )}
      <ActivityDetails activity={a} />
      <ActivityParticipants activity={a} />
      <ActivityPhotos activity={a} />
      <ConfirmDialog
        opened={confirming}
        title={t('view.delete_title')}
        message={t('view.delete_message', { name: a.name })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Paper, Stack, Title, VisuallyHidden } from '@mantine/core';
import { IconEyeOff, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCatalog } from '../../../../shared/hooks/use-catalog';
import { useCurrentUser } from '../../../../shared/hooks/use-current-user';
import { applyServerErrors } from '../../../../shared/lib/server-errors';
import { notifyError, notifySuccess } from '../../../../shared/lib/notify';
import { can } from '../../../../shared/lib/session';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog';
import { DataTable, type DataColumn } from '../../../../shared/ui/data-table/data-table';
import { PersonPicker } from '../../../../shared/ui/person-picker';
import { useAddParticipant, useRemoveParticipant } from '../api/mutations';
import type { Activity, ActivityParticipant } from '../api/queries';
import { LOOKUP_PATHS } from '../../persons/api/queries';
import { AnchorLink } from '../../../../shared/ui/router-links/anchor-link';

/**
 * Registered participants the user may read, by name; the others only as a
 * count (never a name). Adding goes through the person picker, which offers
 * only persons the user may read; the server checks again (403 no_person_access).
 */
export function ActivityParticipants({ activity }: { activity: Activity }) {
  const { t } = useTranslation('activities');
  const user = useCurrentUser();
  // The person's file is another screen (poblacion_poblacion): link to it only for who may open it.
  const canOpenFiles = can(user, 'poblacion_poblacion');
  const sexes = useCatalog('sex');
  const ageGroups = useCatalog('age_group');
  const add = useAddParticipant(activity.id);
  const remove = useRemoveParticipant(activity.id);
  const [personId, setPersonId] = useState<string | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const [removing, setRemoving] = useState<ActivityParticipant | null>(null);
  const [addError, setAddError] = useState<string | null>(null);

  const submitAdd = () => {
    if (!personId) return;
    setAddError(null);
    add.mutate(personId, {
      onSuccess: () => {
        notifySuccess(t('participants.added'));
        setPersonId(null);
        setPickerKey((k) => k + 1);
      },
      onError: (error) => setAddError(applyServerErrors(error, t)),
    });
  };

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.personId, {
      onSuccess: () => notifySuccess(t('participants.removed')),
      onError: (error) => notifyError(applyServerErrors(error, t)),
      onSettled: () => setRemoving(null),
    });
  };

  const fullName = (p: ActivityParticipant) => `${p.names} ${p.lastNames}`;
  const columns: DataColumn<ActivityParticipant>[] = [
    {
      id: 'name',
      header: t('participants.name'),
      text: fullName,
      cell: (p) =>
        canOpenFiles ? (
          <AnchorLink
            to="/population/served/$id"
            params={{ id: p.personId }}
            size="sm"
            title={t('participants.open_file')}
          >
            {fullName(p)}
          </AnchorLink>
        ) : (
          fullName(p)
        ),
      wrap: true,
    },
    { id: 'sex', header: t('fields.sex'), text: (p) => sexes.labelOf(p.sex), width: 120 },
    { id: 'ageGroup', header: t('fields.ageGroup'), text: (p) => ageGroups.labelOf(p.ageGroup), width: 150 },
    {
      id: 'imageConsent',
      header: t('participants.image_consent'),
      cell: (p) =>
        p.imageConsent ? (
          <Badge size="sm" color="teal" variant="light">
            {t('participants.consent_yes')}
          </Badge>
        ) : (
          <Badge size="sm" color="orange" variant="light">
            {t('participants.consent_no')}
          </Badge>
        ),
      width: 170,
    },
  ];

  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('participants.title', { count: activity.participants.length })}
        </Title>
        {activity.restrictedParticipants > 0 && (
          <Alert color="gray" icon={<IconEyeOff size={18} />} data-testid="restricted-participants">
            {t('participants.restricted', { count: activity.restrictedParticipants })}
          </Alert>
        )}
        {/* With only hidden participants there is nothing to list: the note says it all. */}
        {(activity.participants.length > 0 || activity.restrictedParticipants === 0) && (
          <DataTable
            bare
            label={t('participants.name')}
            columns={columns}
            rows={activity.participants}
            rowKey={(p) => p.personId}
            minWidth={700}
            actionsWidth={60}
            actionsHeader={<VisuallyHidden>{t('common:status.actions')}</VisuallyHidden>}
            actions={(p) =>
              activity.canEdit && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('participants.remove_named', { name: fullName(p) })}
                  onClick={() => setRemoving(p)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )
            }
          />
        )}

        {activity.canEdit && (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <PersonPicker
              key={pickerKey}
              searchPath={LOOKUP_PATHS.activities.persons}
              label={t('participants.add_label')}
              description={t('participants.add_help')}
              style={{ flex: 1, minWidth: 260, maxWidth: 480 }}
              value={personId}
              onChange={(id) => {
                setPersonId(id);
                setAddError(null);
              }}
              error={addError ?? undefined}
            />
            <Button
              leftSection={<IconUserPlus size={16} />}
              disabled={!personId}
              loading={add.isPending}
              onClick={submitAdd}
              mb={addError ? 22 : 0}
            >
              {t('participants.add')}
            </Button>
          </Group>
        )}
      </Stack>

      <ConfirmDialog
        opened={removing !== null}
        title={t('participants.remove_title')}
        message={t('participants.remove_message', { name: removing ? fullName(removing) : '' })}
        confirmLabel={t('participants.remove')}
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}

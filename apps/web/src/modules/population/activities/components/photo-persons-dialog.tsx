import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../../shared/lib/server-errors';
import { notifyError, notifySuccess } from '../../../../shared/lib/notify';
import { useSetPhotoPersons } from '../api/mutations';
import type { Activity, ActivityPhoto } from '../api/queries';

/**
 * Says which registered participants appear in a photo. A participant without
 * image-use consent is marked, since ticking them hides the photo from others
 * (issue 4, consent). Mounted only while open, so its state starts from the photo.
 *
 * While the photo is hidden, untagging someone or leaving nobody would show it
 * to everyone: only activity management may, giving a reason that goes to each
 * person's history (issue 9 item 2). Others see why they cannot save.
 */
export function PhotoPersonsDialog({
  activity,
  photo,
  onClose,
}: {
  activity: Activity;
  photo: ActivityPhoto;
  onClose: () => void;
}) {
  const { t } = useTranslation(['activities', 'common']);
  const save = useSetPhotoPersons(activity.id);
  const [selected, setSelected] = useState<string[]>(photo.persons.map((p) => p.personId));
  const [reason, setReason] = useState('');
  const removes = photo.persons.some((p) => !selected.includes(p.personId));
  const clears = selected.length === 0 && photo.restrictedPersons === 0;
  const needsReason = photo.hidden && (removes || clears);
  const blocked = needsReason && !activity.canManage;
  const missingReason = needsReason && reason.trim() === '';

  const submit = () => {
    save.mutate(
      { photoId: photo.id, personIds: selected, reason: needsReason ? reason.trim() : undefined },
      {
        onSuccess: () => {
          notifySuccess(t('photos.persons_saved'));
          onClose();
        },
        onError: (error) => notifyError(applyServerErrors(error, t)),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('photos.persons_title')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('photos.persons_help')}
        </Text>
        {activity.participants.length === 0 ? (
          <Text size="sm">{t('photos.persons_none_participants')}</Text>
        ) : (
          <Checkbox.Group value={selected} onChange={setSelected} aria-label={t('photos.persons_title')}>
            <Stack gap={6}>
              {activity.participants.map((p) => (
                <Group key={p.personId} gap="xs" wrap="nowrap">
                  <Checkbox value={p.personId} label={`${p.names} ${p.lastNames}`} />
                  {!p.imageConsent && (
                    <Badge size="sm" color="orange" variant="light">
                      {t('photos.no_consent')}
                    </Badge>
                  )}
                </Group>
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {photo.restrictedPersons > 0 && (
          <Text size="sm" c="dimmed">
            {t('photos.persons_restricted', { count: photo.restrictedPersons })}
          </Text>
        )}
        {blocked && (
          <Alert color="orange" data-testid="photo-manager-only">
            {t('photos.manager_only')}
          </Alert>
        )}
        {needsReason && !blocked && (
          <Textarea
            label={t('photos.reason')}
            description={t('photos.reason_needed')}
            placeholder={t('photos.reason_placeholder')}
            required
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={blocked || missingReason}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/form';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { useSetPhotoPersons } from '../api/activities-mutations';
import type { Activity, ActivityPhoto } from '../api/activities-queries';

/**
 * Says which registered participants appear in a photo. A participant without
 * image-use consent is marked, since ticking them hides the photo from others
 * (issue 4, consent). Mounted only while open, so its state starts from the photo.
 */
export function PhotoPersonsDialog({ activity, photo, onClose }: { activity: Activity; photo: ActivityPhoto; onClose: () => void }) {
  const { t } = useTranslation(['activities', 'common']);
  const save = useSetPhotoPersons(activity.id);
  const [selected, setSelected] = useState<string[]>(photo.persons.map((p) => p.personId));

  const submit = () => {
    save.mutate({ photoId: photo.id, personIds: selected }, {
      onSuccess: () => {
        notifySuccess(t('photos.persons_saved'));
        onClose();
      },
      onError: (error) => notifyError(applyServerErrors(error, t)),
    });
  };

  return (
    <Modal opened onClose={onClose} title={t('photos.persons_title')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{t('photos.persons_help')}</Text>
        {activity.participants.length === 0
          ? <Text size="sm">{t('photos.persons_none_participants')}</Text>
          : (
            <Checkbox.Group value={selected} onChange={setSelected} aria-label={t('photos.persons_title')}>
              <Stack gap={6}>
                {activity.participants.map((p) => (
                  <Group key={p.personId} gap="xs" wrap="nowrap">
                    <Checkbox value={p.personId} label={`${p.names} ${p.lastNames}`} />
                    {!p.imageConsent && <Badge size="sm" color="orange" variant="light">{t('photos.no_consent')}</Badge>}
                  </Group>
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        {photo.restrictedPersons > 0 && <Text size="sm" c="dimmed">{t('photos.persons_restricted', { count: photo.restrictedPersons })}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button onClick={submit} loading={save.isPending}>{t('common:actions.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

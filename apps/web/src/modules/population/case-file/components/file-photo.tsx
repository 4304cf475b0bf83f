import { useState } from 'react';
import { Badge, Button, Center, Group, Image, Modal, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconPhotoOff, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../../shared/ui/page-state';
import { applyServerErrors } from '../../../../shared/lib/server-errors';
import { notifyError, notifySuccess } from '../../../../shared/lib/notify';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog';
import { PhotoUpload } from '../../../../shared/ui/photo-upload';
import { useDeletePersonPhoto, useUploadPersonPhoto } from '../../persons/api/mutations';
import { usePhotoInfo } from '../../persons/api/queries';

const THUMB = 160;

/**
 * The person's photo on the 'General data' tab: a thumbnail (click for the
 * full size) or a placeholder, whether image-use consent was given, and with
 * write access upload (png/jpg, checked in the browser first) and remove.
 */
export function FilePhoto({ personId, canWrite }: { personId: string; canWrite: boolean }) {
  const { t } = useTranslation('population');
  const info = usePhotoInfo(personId);
  const upload = useUploadPersonPhoto(personId);
  const remove = useDeletePersonPhoto(personId);
  const [full, setFull] = useState(false);
  const [confirm, setConfirm] = useState(false);
  // Changes after every upload, so the browser does not show the old image from its cache.
  const stamp = info.dataUpdatedAt;
  const src = (size: 'thumb' | 'full') => `/api/population/persons/${personId}/photo?size=${size}&v=${stamp}`;

  const onUpload = (file: File) =>
    upload.mutateAsync(file, {
      onSuccess: () => notifySuccess(t('photo.uploaded')),
      onError: (err) => notifyError(applyServerErrors(err, t)),
    });

  return (
    <Paper withBorder p="md">
      <Title order={2} size="h5" mb="sm">
        {t('photo.title')}
      </Title>
      <QueryStatus query={info} />
      {info.data && (
        <Group align="flex-start" gap="lg" wrap="wrap">
          {info.data.hasPhoto ? (
            <UnstyledButton
              onClick={() => setFull(true)}
              aria-label={t('photo.open_full')}
              title={t('photo.open_full')}
            >
              <Image src={src('thumb')} alt={t('photo.alt')} w={THUMB} h={THUMB} fit="cover" radius="sm" />
            </UnstyledButton>
          ) : (
            <Center
              w={THUMB}
              h={THUMB}
              bg="var(--mantine-color-default-hover)"
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            >
              <Stack gap={4} align="center">
                <IconPhotoOff size={32} aria-hidden />
                <Text size="xs" c="dimmed">
                  {t('photo.none')}
                </Text>
              </Stack>
            </Center>
          )}
          <Stack gap="sm" maw={520}>
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {t('photo.image_consent')}
              </Text>
              {info.data.imageConsent ? (
                <Badge color="teal" variant="light">
                  {t('common.yes')}
                </Badge>
              ) : (
                <Badge color="orange" variant="light">
                  {t('common.no')}
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {t('photo.consent_help')}
            </Text>
            {canWrite && <PhotoUpload onUpload={onUpload} loading={upload.isPending} />}
            {canWrite && info.data.hasPhoto && (
              <Group>
                <Button
                  variant="light"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => setConfirm(true)}
                >
                  {t('photo.remove')}
                </Button>
              </Group>
            )}
          </Stack>
        </Group>
      )}

      <Modal opened={full} onClose={() => setFull(false)} title={t('photo.title')} size="xl" centered>
        {full && <Image src={src('full')} alt={t('photo.alt')} fit="contain" mah="75vh" />}
      </Modal>
      <ConfirmDialog
        opened={confirm}
        title={t('photo.remove_title')}
        message={t('photo.remove_confirm')}
        confirmLabel={t('photo.remove')}
        loading={remove.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              setConfirm(false);
              notifySuccess(t('photo.removed'));
            },
            onError: (err) => notifyError(applyServerErrors(err, t)),
          })
        }
      />
    </Paper>
  );
}

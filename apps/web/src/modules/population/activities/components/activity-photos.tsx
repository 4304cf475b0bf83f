import { useRef, useState } from 'react';
import { Button, Group, Modal, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, translateFieldError } from '../../../../shared/lib/server-errors';
import { formatDateTime } from '../../../../shared/lib/format';
import { notifyError, notifySuccess } from '../../../../shared/lib/notify';
import { checkPhoto, PHOTO_TYPES } from '../../../../shared/lib/photo';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog';
import { ActivityPhotoCard } from './activity-photo-card';
import { PhotoPersonsDialog } from './photo-persons-dialog';
import { useDeleteActivityPhoto, useUploadActivityPhoto } from '../api/mutations';
import { activityPhotoUrl, type Activity, type ActivityPhoto } from '../api/queries';

/**
 * The server's ACTIVITY_PHOTO_MAX_BYTES default (10 MB). app-info only
 * publishes PHOTO_MAX_BYTES (profile photos), so the browser uses this; the
 * server checks again with its own setting.
 */
export const ACTIVITY_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** Thumbnails of the activity's photos, the full image in a modal, upload (one by one) and delete. */
export function ActivityPhotos({ activity }: { activity: Activity }) {
  const { t } = useTranslation('activities');
  const upload = useUploadActivityPhoto(activity.id);
  const remove = useDeleteActivityPhoto(activity.id);
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [rejected, setRejected] = useState<string[]>([]);
  const [open, setOpen] = useState<ActivityPhoto | null>(null);
  const [deleting, setDeleting] = useState<ActivityPhoto | null>(null);
  const [tagging, setTagging] = useState<ActivityPhoto | null>(null);

  const uploadFiles = async (files: File[]) => {
    // Checked here for type and size before anything is sent; the server checks the content again.
    const problems: string[] = [];
    const accepted = files.filter((f) => {
      const code = checkPhoto(f, ACTIVITY_PHOTO_MAX_BYTES);
      if (code) problems.push(`${f.name}: ${translateFieldError(t, { code, params: { max: '10 MB' } })}`);
      return !code;
    });
    setRejected(problems);
    if (accepted.length === 0) return;
    setProgress({ done: 0, total: accepted.length });
    let ok = 0;
    for (const [i, file] of accepted.entries()) {
      try {
        await upload.mutateAsync(file);
        ok += 1;
      } catch (error) {
        problems.push(`${file.name}: ${applyServerErrors(error, t)}`);
        setRejected([...problems]);
      }
      setProgress({ done: i + 1, total: accepted.length });
    }
    setProgress(null);
    if (ok > 0) notifySuccess(t('photos.uploaded', { count: ok }));
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notifySuccess(t('photos.deleted'));
        if (open?.id === deleting.id) setOpen(null);
      },
      onError: (error) => notifyError(applyServerErrors(error, t)),
      onSettled: () => setDeleting(null),
    });
  };

  const busy = progress !== null;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {t('photos.title', { count: activity.photos.length })}
          </Title>
          {activity.canEdit && (
            <div>
              <label
                htmlFor={`activity-photos-${activity.id}`}
                style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
              >
                {t('photos.choose')}
              </label>
              <input
                id={`activity-photos-${activity.id}`}
                ref={input}
                type="file"
                accept={PHOTO_TYPES.join(',')}
                multiple
                hidden
                onChange={(e) => {
                  const files = Array.from(e.currentTarget.files ?? []);
                  e.currentTarget.value = '';
                  void uploadFiles(files);
                }}
              />
              <Button leftSection={<IconUpload size={16} />} loading={busy} onClick={() => input.current?.click()}>
                {t('photos.upload')}
              </Button>
            </div>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {t('photos.hint')}
        </Text>
        {progress && (
          <Stack gap={4} aria-live="polite">
            <Text size="sm">{t('photos.progress', { done: progress.done, total: progress.total })}</Text>
            <Progress
              value={(progress.done / progress.total) * 100}
              animated
              aria-label={t('photos.progress', { done: progress.done, total: progress.total })}
            />
          </Stack>
        )}
        {rejected.length > 0 && (
          <Stack gap={2} role="alert">
            {rejected.map((r) => (
              <Text key={r} size="sm" c="red">
                {r}
              </Text>
            ))}
          </Stack>
        )}
        {activity.photos.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('photos.none')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="sm">
            {activity.photos.map((p, i) => (
              <ActivityPhotoCard
                key={p.id}
                photo={p}
                n={i + 1}
                activityName={activity.name}
                canDelete={activity.canEdit}
                canTag={activity.canEdit && (p.canView || activity.canManage)}
                onOpen={() => setOpen(p)}
                onTag={() => setTagging(p)}
                onDelete={() => setDeleting(p)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>

      <Modal opened={open !== null} onClose={() => setOpen(null)} size="auto" centered title={activity.name}>
        {open && (
          <Stack gap="xs">
            <img
              src={activityPhotoUrl(open.id)}
              alt={t('photos.alt', { n: activity.photos.findIndex((p) => p.id === open.id) + 1, name: activity.name })}
              style={{ maxWidth: '85vw', maxHeight: '75vh', display: 'block' }}
            />
            <Text size="xs" c="dimmed">{`${open.width} × ${open.height} px · ${formatDateTime(open.uploadedAt)}`}</Text>
          </Stack>
        )}
      </Modal>
      {tagging && <PhotoPersonsDialog activity={activity} photo={tagging} onClose={() => setTagging(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('photos.delete_title')}
        message={t('photos.delete_message')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}

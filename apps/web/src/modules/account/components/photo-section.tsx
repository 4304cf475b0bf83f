import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { PhotoUpload } from '../../../shared/ui/photo-upload';
import { useUploadAccountPhoto } from '../api/mutations';

export function PhotoSection() {
  const { t } = useTranslation('account');
  const upload = useUploadAccountPhoto();
  const send = (file: File) =>
    upload.mutateAsync(file, {
      onSuccess: () => notifySuccess(t('account:photo.uploaded')),
      onError: (error) => notifyError(applyServerErrors(error, t)),
    });
  return (
    <Paper withBorder p="lg">
      <Stack>
        <Title order={2} size="h4">
          {t('account:photo.title')}
        </Title>
        <PhotoUpload onUpload={send} loading={upload.isPending} />
      </Stack>
    </Paper>
  );
}

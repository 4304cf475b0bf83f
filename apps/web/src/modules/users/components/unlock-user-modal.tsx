import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../shared/lib/server-errors';
import { notifySuccess } from '../../../shared/lib/notify';
import { useUnlockUser } from '../api/mutations';

interface UnlockUserModalProps {
  userId: string;
  version: number;
  opened: boolean;
  onClose: () => void;
}

/** Lifts an account's sign-in lock with a reason (issue 23 item 1; the server allows it to the Administrador role). */
export function UnlockUserModal({ userId, version, opened, onClose }: UnlockUserModalProps) {
  const { t } = useTranslation('users');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const unlock = useUnlockUser(userId);
  const submit = () => {
    setErrors({});
    setMessage(null);
    unlock.mutate(
      { reason, version },
      {
        onSuccess: () => {
          notifySuccess(t('users:lock.unlocked'));
          onClose();
        },
        onError: (error) => setMessage(applyServerErrors(error, t, setErrors)),
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('users:lock.unlockTitle')} centered>
      <Stack>
        <Text size="sm">{t('users:lock.unlockMessage')}</Text>
        <Textarea
          label={t('users:lock.reason')}
          withAsterisk
          autosize
          minRows={2}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={errors.reason}
        />
        {message && !errors.reason && (
          <Text c="red" size="sm" role="alert">
            {message}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={unlock.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={submit} loading={unlock.isPending}>
            {t('users:lock.unlock')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

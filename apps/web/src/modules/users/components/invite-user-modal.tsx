import { Alert, Anchor, Button, CopyButton, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { invitationCreate } from '@amparo/shared/modules/users.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { useCreateInvitation } from '../api/mutations';
import { useRoleOptions } from '../api/queries';

/** Creates an invitation and shows its /register link to hand over. */
export function InviteUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('users');
  const invite = useCreateInvitation();
  const roles = useRoleOptions();
  const { form, submitWith } = useZodForm(invitationCreate, { email: '', roleId: null });

  const close = () => {
    form.reset();
    invite.reset();
    onClose();
  };
  const submit = submitWith((values) => invite.mutateAsync(values));
  const link = invite.data ? new URL(invite.data.path, window.location.origin).toString() : null;

  return (
    <Modal opened={opened} onClose={close} title={t('users:invite.title')} centered size="lg">
      {link ? (
        <Stack>
          <Alert color="teal">{t('users:invite.created', { email: invite.data?.email })}</Alert>
          <Text size="sm" fw={500}>
            {t('users:invite.link')}
          </Text>
          <Group wrap="nowrap" gap="xs">
            <Anchor
              href={link}
              target="_blank"
              rel="noreferrer"
              size="sm"
              style={{ wordBreak: 'break-all' }}
              data-testid="invitation-link"
            >
              {link}
            </Anchor>
            <CopyButton value={link}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  onClick={copy}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                >
                  {copied ? t('common:actions.copied') : t('common:actions.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group justify="flex-end">
            <Button onClick={close}>{t('common:actions.close')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" c="dimmed">
              {t('users:invite.description')}
            </Text>
            <TextInput label={t('users:fields.email')} type="email" withAsterisk {...form.getInputProps('email')} />
            <Select
              label={t('users:fields.role')}
              data={roles.options}
              clearable
              placeholder={t('users:fields.noRole')}
              disabled={roles.isError}
              description={roles.isError ? t('users:rolesUnavailable') : undefined}
              {...form.getInputProps('roleId')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={invite.isPending}>
                {t('users:invite.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

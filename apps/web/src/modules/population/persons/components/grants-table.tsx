import { useState } from 'react';
import { ActionIcon, Badge, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../../shared/lib/form';
import { EMPTY, formatDate, formatDateTime } from '../../../../shared/lib/format';
import { useRevokeGrant } from '../api/mutations';
import type { Grant } from '../api/queries';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog';

/** Who holds access to the person, and revoking it. */
export function GrantsTable({ personId, grants }: { personId: string; grants: Grant[] }) {
  const { t } = useTranslation('population');
  const revoke = useRevokeGrant(personId);
  const [pending, setPending] = useState<Grant | null>(null);

  if (grants.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('empty.grants')}
      </Text>
    );
  const flag = (on: boolean, label: string) =>
    on ? (
      <Badge size="sm" variant="light">
        {label}
      </Badge>
    ) : null;

  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('access.user')}</Table.Th>
              <Table.Th>{t('access.permissions')}</Table.Th>
              <Table.Th>{t('access.reason')}</Table.Th>
              <Table.Th>{t('access.expiresOn')}</Table.Th>
              <Table.Th>{t('access.granted')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('access.revoke')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {grants.map((g) => (
              <Table.Tr key={g.id} c={g.expired ? 'dimmed' : undefined}>
                <Table.Td>{g.userName}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {flag(g.canRead, t('access.canRead'))}
                    {flag(g.canWrite, t('access.canWrite'))}
                    {flag(g.administrator, t('access.administrator'))}
                  </Group>
                </Table.Td>
                <Table.Td>{g.reason ?? EMPTY}</Table.Td>
                <Table.Td>
                  {g.expiresOn ? formatDate(g.expiresOn) : t('access.no_expiry')}
                  {g.expired && (
                    <Badge ml={6} size="xs" color="gray">
                      {t('access.expired')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{g.grantedByName ?? EMPTY}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(g.grantedAt)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Tooltip label={t('access.revoke')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('access.revoke_for', { name: g.userName })}
                      onClick={() => setPending(g)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={!!pending}
        title={t('access.revoke')}
        message={t('access.revoke_confirm', { name: pending?.userName ?? '' })}
        confirmLabel={t('access.revoke')}
        loading={revoke.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          revoke.mutate(pending.id, {
            onSuccess: () => {
              setPending(null);
              notifications.show({ color: 'teal', message: t('access.revoked') });
            },
            onError: (err) => notifications.show({ color: 'red', message: applyServerErrors(err, t) }),
          });
        }}
      />
    </>
  );
}

import { useState } from 'react';
import { ActionIcon, Badge, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../../shared/lib/server-errors';
import { EMPTY, formatDate, formatDateTime } from '../../../../shared/lib/format';
import { useRevokeGrant } from '../api/mutations';
import type { Grant } from '../api/queries';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog';
import { DataTable, type DataColumn } from '../../../../shared/ui/data-table/data-table';

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

  const columns: DataColumn<Grant>[] = [
    { id: 'user', header: t('access.user'), text: (g) => g.userName, wrap: true },
    {
      id: 'permissions',
      header: t('access.permissions'),
      cell: (g) => (
        <Group gap={4}>
          {flag(g.canRead, t('access.canRead'))}
          {flag(g.canWrite, t('access.canWrite'))}
          {flag(g.administrator, t('access.administrator'))}
        </Group>
      ),
    },
    { id: 'reason', header: t('access.reason'), text: (g) => g.reason, wrap: true },
    {
      id: 'expiresOn',
      header: t('access.expiresOn'),
      cell: (g) => (
        <>
          {g.expiresOn ? formatDate(g.expiresOn) : t('access.no_expiry')}
          {g.expired && (
            <Badge ml={6} size="xs" color="gray">
              {t('access.expired')}
            </Badge>
          )}
        </>
      ),
    },
    {
      id: 'granted',
      header: t('access.granted'),
      cell: (g) => (
        <>
          <Text size="xs">{g.grantedByName ?? EMPTY}</Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(g.grantedAt)}
          </Text>
        </>
      ),
      wrap: true,
    },
  ];

  return (
    <>
      <DataTable
        bare
        label={t('access.grants_title')}
        columns={columns}
        rows={grants}
        rowKey={(g) => g.id}
        minWidth={760}
        dimmed={(g) => g.expired}
        actionsWidth={60}
        actionsHeader={<VisuallyHidden>{t('access.revoke')}</VisuallyHidden>}
        actions={(g) => (
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
        )}
      />
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

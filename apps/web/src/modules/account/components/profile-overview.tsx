import { Badge, DataList, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@amparo/shared/modules/auth.schema';
import { EMPTY } from '../../../shared/lib/format';
import { UserAvatar } from '../../../shared/ui/user-avatar';

export function ProfileOverview({ user }: { user: UserProfile }) {
  const { t } = useTranslation('account');
  const rows: [string, string | null][] = [
    [t('account:fields.username'), user.username],
    [t('account:fields.email'), user.email],
    [t('account:fields.phone'), user.phone],
    [t('account:fields.nit'), user.nit],
    [t('account:fields.role'), user.role?.name ?? null],
    [t('account:fields.responsibility'), user.responsibility],
    [t('account:fields.workgroup'), user.workgroup],
  ];
  return (
    <Paper withBorder p="lg" maw={720}>
      <Group align="flex-start" gap="xl">
        <UserAvatar user={user} size={120} radius={120} />
        <Stack gap="sm" style={{ flex: 1 }}>
          <div>
            <Title order={2} size="h3">
              {user.fullName}
            </Title>
            {user.role && (
              <Badge variant="light" mt={4}>
                {user.role.name}
              </Badge>
            )}
          </div>
          <DataList labelWidth={160}>
            {rows.map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value || EMPTY}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList>
          <Text size="sm" c="dimmed">
            {t('account:overview.permissions', { count: user.permisos.length })}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@amparo/shared/modules/auth.schema';
import { UserAvatar } from '../shared/ui/user-avatar';
import { useLogout } from '../modules/auth/api/mutations';
import { MenuItemLink } from '../shared/ui/router-links/menu-item-link';

/** The user's name with Account and Sign out. */
export function UserMenu({ user }: { user: UserProfile }) {
  const { t } = useTranslation();
  const logout = useLogout();
  // A page load: the sign-in page is its own (src/sign-in.tsx), and nothing of this user stays in memory.
  const signOut = () => logout.mutate(undefined, { onSettled: () => window.location.assign('/sign-in') });

  return (
    <Group gap="xs" wrap="nowrap">
      {/* Outside the button: its initials are text, which would make the visible label differ from the name. */}
      <UserAvatar user={user} size="sm" aria-hidden />
      <Menu position="bottom-end" width={220} withinPortal>
        <Menu.Target>
          {/* The accessible name starts with the visible name (WCAG 2.5.3, label in name). */}
          <UnstyledButton aria-label={t('common:menu.userMenuOf', { name: user.fullName })}>
            <Group gap={4} wrap="nowrap">
              <Text size="sm" fw={500} visibleFrom="xs" data-testid="user-name">
                {user.fullName}
              </Text>
              <IconChevronDown size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{user.username}</Menu.Label>
          <MenuItemLink to="/account" leftSection={<IconUserCircle size={16} />}>
            {t('common:menu.account')}
          </MenuItemLink>
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut} disabled={logout.isPending}>
            {t('common:menu.signOut')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

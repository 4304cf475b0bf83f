import { Menu } from '@mantine/core';
import { IconLogout, IconUserCircle, IconUserShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@amparo/shared/modules/auth.schema';
import { useLogout } from '../modules/auth/api/mutations';
import { MenuItemLink } from '../shared/ui/router-links/menu-item-link';
import { UserMenuButton } from './user-menu-button';

/**
 * The user menu once asked for (loaded by `UserMenu` on the first press): Account, My delegations and Sign out, drawn open, as
 * if the press had opened it.
 */
export function UserMenuOpen({ user }: { user: UserProfile }) {
  const { t } = useTranslation();
  const logout = useLogout();
  // A page load: the sign-in page is its own (src/sign-in.tsx), and nothing of this user stays in memory.
  const signOut = () => logout.mutate(undefined, { onSettled: () => window.location.assign('/sign-in') });

  return (
    <Menu position="bottom-end" width={220} withinPortal defaultOpened>
      <Menu.Target>
        <UserMenuButton user={user} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.username}</Menu.Label>
        <MenuItemLink to="/account" leftSection={<IconUserCircle size={16} />}>
          {t('common:menu.account')}
        </MenuItemLink>
        <MenuItemLink to="/delegations" leftSection={<IconUserShare size={16} />}>
          {t('common:menu.delegations')}
        </MenuItemLink>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut} disabled={logout.isPending}>
          {t('common:menu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

import { Group } from '@mantine/core';
import { useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserProfile } from '@amparo/shared/modules/auth.schema';
import { UserAvatar } from '../shared/ui/user-avatar';
import { loadOnce } from '../shared/lib/load-once';
import { notifyError } from '../shared/lib/notify';
import { UserMenuButton } from './user-menu-button';
import { withRestStyles } from '../shared/styles/load';

type OpenMenu = ComponentType<{ user: UserProfile }>;

// The menu itself (Mantine's Menu, Popover and floating-ui: the `overlays` file), loaded once.
const menu = loadOnce<OpenMenu>(() => withRestStyles(import('./user-menu-open')).then((module) => module.UserMenuOpen));

/**
 * The user's name with Account and Sign out. Until first pressed it is only its button (issue 24 section 4: the
 * Menu and its floating parts stay out of every page's first load); pointing at it starts loading the menu, and
 * pressing it draws the real menu open (its items focused, as Mantine's Menu does when opened). A failed load
 * says so and leaves the button.
 */
export function UserMenu({ user }: { user: UserProfile }) {
  const { t } = useTranslation();
  const [Menu, setMenu] = useState<OpenMenu | undefined>();
  const asked = useRef(false);

  if (Menu) {
    return (
      <Group gap="xs" wrap="nowrap">
        <UserAvatar user={user} size="sm" aria-hidden />
        <Menu user={user} />
      </Group>
    );
  }
  const open = () => {
    if (asked.current) return;
    asked.current = true;
    menu.load().then(
      (loaded) => setMenu(() => loaded),
      () => {
        asked.current = false;
        notifyError(t('common:messages.chunkBody'));
      },
    );
  };
  return (
    <Group gap="xs" wrap="nowrap">
      {/* Outside the button: its initials are text, which would make the visible label differ from the name. */}
      <UserAvatar user={user} size="sm" aria-hidden />
      <UserMenuButton
        user={user}
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerEnter={() => void menu.load().catch(() => undefined)}
        onClick={open}
      />
    </Group>
  );
}

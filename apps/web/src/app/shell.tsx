import { Burger, Group, NavLink, Text } from '@mantine/core';
import { memo, useDeferredValue, useState, type CSSProperties } from 'react';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet, useLocation } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { permissionLabel } from '@amparo/shared/permissions';
import { useAppInfo } from '../shared/hooks/use-app-info';
import { useCurrentUser } from '../shared/hooks/use-current-user';
import { LanguageSwitch } from '../shared/ui/language-switch';
import { TEST_BANNER_HEIGHT, TestBanner } from '../shared/ui/test-banner';
import { ThemeToggle } from '../shared/ui/theme-toggle';
import { SCROLL_TOP_CLEARANCE_PX, ScrollToTop } from '../shared/ui/scroll-to-top';
import { visibleNavigation, type NavItem } from './navigation';
import type { UserProfile } from '@amparo/shared/modules/auth.schema';
import { UserMenu } from './user-menu';
import { NotificationBell } from '../modules/notifications/components/notification-bell';
import { NavLinkLink } from '../shared/ui/router-links/nav-link-link';
import bootMarkup from '../boot.html?raw';
import { RemoveScroll } from './remove-scroll-class-names';
import classes from './shell.module.css';

const HEADER_HEIGHT = 56;

/**
 * The signed-in layout. The router draws it synchronously once the session check answers (its state is an external
 * store), which made the shell's first render one long task of a phone's start-up (issue 24 section 4: total
 * blocking time). So that render draws only the loading state the page already shows (src/boot.html), and the shell
 * itself is drawn as a transition, which React renders in slices between which the browser works.
 */
export function AppShellLayout() {
  const drawn = useDeferredValue(true, false);
  return drawn ? <Shell /> : <div style={{ display: 'contents' }} dangerouslySetInnerHTML={{ __html: bootMarkup }} />;
}

/** The shell: header, side menu by module (only what the user may open), content. */
function Shell() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const { data: appInfo } = useAppInfo();
  const [opened, { toggle, close }] = useDisclosure();
  const { pathname } = useLocation();
  // Below Mantine's `sm` (48em) the menu is a drawer the burger opens. Until it is first opened its ~380 components
  // are not drawn at all: on a phone they were half of the first load's render work and layout (issue 24 section 4).
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });
  const [menuAsked, setMenuAsked] = useState(false);
  const drawMenu = wide || opened || menuAsked;

  const headerHeight = HEADER_HEIGHT + (appInfo?.testBanner ? TEST_BANNER_HEIGHT : 0);

  return (
    <div
      className={classes.root}
      style={{ '--shell-bottom-clearance': `${SCROLL_TOP_CLEARANCE_PX}px` } as CSSProperties}
    >
      {/* On :root, as Mantine's AppShell put them: the toasts (notifications.module.css) and sticky panels read them. */}
      <style>{`:root{--app-shell-header-height:${headerHeight}px;--app-shell-header-offset:${headerHeight}px}`}</style>
      {/* zeroRight: a dialog's scroll lock pads the fixed header as it pads the page, so the header does not move. */}
      <header className={`${classes.header} ${RemoveScroll.classNames.zeroRight}`}>
        <TestBanner />
        <Group h={HEADER_HEIGHT} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={() => {
                toggle();
                setMenuAsked(true);
              }}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('common:menu.toggle')}
              aria-expanded={opened}
            />
            {/* The brand, not a heading: each page's own title is its one h1. */}
            <Text component="span" fz="h3" fw={700} c="teal">
              {t('common:appName')}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitch />
            <ThemeToggle />
            {user && <NotificationBell />}
            {user && <UserMenu user={user} />}
          </Group>
        </Group>
      </header>

      <nav className={classes.navbar} data-opened={opened || undefined} aria-label={t('common:menu.label')}>
        <div className={classes.menu}>
          {drawMenu && <NavMenu user={user} pathname={pathname} language={i18n.language} onNavigate={close} />}
        </div>
        {user?.role && (
          <Text size="xs" c="dimmed" px="sm" pt="sm">
            {t('common:shell.role', { role: user.role.name })}
          </Text>
        )}
      </nav>

      {/* Room under the last row for the scroll-to-top button (bottom right), which otherwise sat over a form's
          Save button once the page was scrolled to its end (--shell-bottom-clearance). */}
      <main className={classes.main}>
        <DeferredOutlet />
        <ScrollToTop />
      </main>
    </div>
  );
}

interface NavMenuProps {
  user: UserProfile | null;
  pathname: string;
  language: string;
  onNavigate: () => void;
}

/**
 * The side menu by module: only what the user may open. Memoised, so the shell's own updates (the app info, the
 * drawer opening) do not draw its links again; it follows the user, the page and the language.
 */
const NavMenu = memo(function NavMenu({ user, pathname, language, onNavigate }: NavMenuProps) {
  const { t } = useTranslation();
  const nav = visibleNavigation(user);
  // A screen's add, edit and view pages keep its menu entry lit: `/x/list` is active on `/x/...`.
  const isActive = (to: string) => {
    const section = to.replace(/\/list$/, '');
    return pathname === section || pathname.startsWith(`${section}/`);
  };
  const itemLabel = (item: NavItem) =>
    item.labelKey ? t(item.labelKey) : item.permission ? permissionLabel(item.permission, language) : '';
  const link = (item: NavItem) => (
    <NavLinkLink
      key={item.to}
      to={item.to}
      label={itemLabel(item)}
      leftSection={<item.icon size={18} />}
      active={isActive(item.to)}
      onClick={onNavigate}
    />
  );
  return (
    <>
      {nav.top.map(link)}
      {nav.groups.map((group) => (
        <NavLink
          key={group.module}
          label={permissionLabel(group.module, language)}
          leftSection={<group.icon size={18} />}
          defaultOpened
          childrenOffset="md"
        >
          {group.items.map(link)}
        </NavLink>
      ))}
    </>
  );
});

/**
 * The page, drawn after the shell on the first load: the router's updates are synchronous renders (its store is
 * read with useSyncExternalStore), so the shell and a page such as the person list with its filters and table were
 * one long task. Deferred, the page's first render is a transition, which React renders in slices between which
 * the browser works (issue 11 item 8: total blocking time). Later navigations render as before.
 */
function DeferredOutlet() {
  const shown = useDeferredValue(true, false);
  return shown ? <Outlet /> : null;
}

import type { ComponentPropsWithRef } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  Menu,
  NavLink,
  type ActionIconProps,
  type AnchorProps,
  type ButtonProps,
  type MenuItemProps,
  type NavLinkProps,
} from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import {} from './router-links';

/*
 * Mantine components rendered as router links (issue 10 item 2). `component={Link}` on a Mantine component loses
 * the router's types, so a wrong `to` or missing `params` compiled; `createLink` keeps them, as `<Link>` does.
 */
type A = ComponentPropsWithRef<'a'>;

const AnchorA = (props: AnchorProps & A) => <Anchor component="a" {...props} />;
const ButtonA = (props: ButtonProps & A) => <Button component="a" {...props} />;
const ActionIconA = (props: ActionIconProps & A) => <ActionIcon component="a" {...props} />;
const MenuItemA = (props: MenuItemProps & A) => <Menu.Item component="a" {...props} />;
const NavLinkA = (props: NavLinkProps & A) => <NavLink component="a" {...props} />;

/** Mantine `Anchor` that navigates like `<Link>`, with typed `to`, `params` and `search`. */
export const AnchorLink = createLink(AnchorA);
/** Mantine `Button` that navigates like `<Link>`. */
export const ButtonLink = createLink(ButtonA);
/** Mantine `ActionIcon` that navigates like `<Link>`. */
export const ActionIconLink = createLink(ActionIconA);
/** Mantine `Menu.Item` that navigates like `<Link>`. */
export const MenuItemLink = createLink(MenuItemA);
/** Mantine `NavLink` that navigates like `<Link>`. */
export const NavLinkLink = createLink(NavLinkA);
